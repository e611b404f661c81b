/** One request, as the log states it: never an address, a query string or a body. */
export interface RequestLine {
  method: string;
  /** The route's template ("/api/public/v1/products/{productId}/stats"), never the path asked for. */
  route: string;
  /** null when the client left before the answer. */
  status: number | null;
  durationMs: number;
  /** The snapshot the service answered from; null before one is open. */
  catalogVersion: string | null;
  aborted?: true;
}

/** JSON string literals of the values a server repeats (methods, route templates, catalog versions). */
const literals = new Map<string, string>();
/** Methods come from clients: past this many distinct values, literals are made each time, not kept. */
const MAX_LITERALS = 512;

function literal(value: string): string {
  let json = literals.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (literals.size < MAX_LITERALS) literals.set(value, json);
  }
  return json;
}

/** Durations to a tenth of a millisecond: finer is noise on a shared machine. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * A request's line, written by hand in the shape pino writes the others (logger.ts): the level's
 * label, `time` (pino's partial `,"time":…` string), then exactly the fields of REQUEST_LOG_FIELDS
 * in their order, field by field, whatever object a caller hands in. pino's own formatting of
 * this line cost most of the request log's time on the stats path (docs/benchmarks.md, "The
 * request log"); this line is about a fifth of it.
 */
export function requestLine(level: 'debug' | 'info', time: string, line: RequestLine): string {
  const msg = line.aborted ? '"request aborted by the client"' : '"request"';
  const version = line.catalogVersion === null ? 'null' : literal(line.catalogVersion);
  const status = line.status === null ? 'null' : String(line.status);
  return (
    `{"level":"${level}"${time},"msg":${msg},"method":${literal(line.method)},"route":${literal(line.route)},` +
    `"status":${status},"durationMs":${tenths(line.durationMs)},"catalogVersion":${version}${line.aborted ? ',"aborted":true' : ''}}\n`
  );
}
