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

const ASCII_0 = 48;
const DURATION_FIELD = Buffer.from(',"durationMs":');
const NULL = Buffer.from('null');

/** Cached pieces keep at most this many entries each: past it, a piece is encoded for its line alone. */
const MAX_PIECES = 512;

function keep<K, V>(pieces: Map<K, V>, key: K, piece: V): V {
  if (pieces.size < MAX_PIECES) pieces.set(key, piece);
  return piece;
}

/**
 * requestLine's bytes, written straight into a batch of the log (log-destination.ts): what
 * repeats (the level and time, the message with the method and route, the catalog version) is
 * copied from bytes encoded once, and the status and duration written digit by digit. A line
 * written as a string was built of pieces, joined, and encoded again each time: most of the
 * request log's cost on the stats path after the batch's own writes (docs/benchmarks.md, "The
 * request log"). Tested byte for byte against requestLine.
 */
export class RequestLineEncoder {
  private headTime = '';
  private readonly heads = new Map<string, Buffer>();
  /** By route, then method: the message, method and route fields, up to `"status":`. */
  private readonly middles = [new Map<string, Map<string, Buffer>>(), new Map<string, Map<string, Buffer>>()];
  /** By catalog version: the version field, `aborted` when the client left, and the line's end. */
  private readonly tails = [new Map<string | null, Buffer>(), new Map<string | null, Buffer>()];

  /**
   * Writes the line at `at` in `into` and returns where it ends; -1 when it does not fit in the
   * room left, or when its duration is not a finite, non-negative number (then requestLine says it).
   */
  encode(into: Buffer, at: number, level: 'debug' | 'info', time: string, line: RequestLine): number {
    const tenthsOfMs = Math.round(line.durationMs * 10);
    if (!(tenthsOfMs >= 0 && tenthsOfMs <= Number.MAX_SAFE_INTEGER)) return -1;
    if (time !== this.headTime) {
      this.headTime = time;
      this.heads.clear();
    }
    // Looked up first, made only when missing (a function per piece would be an allocation per line).
    const aborted = line.aborted ? 1 : 0;
    const head = this.heads.get(level) ?? keep(this.heads, level, Buffer.from(`{"level":"${level}"${time}`));
    const byRoute = this.middles[aborted]!;
    const byMethod = byRoute.get(line.route) ?? keep(byRoute, line.route, new Map<string, Buffer>());
    const middle =
      byMethod.get(line.method) ??
      keep(
        byMethod,
        line.method,
        Buffer.from(
          `,"msg":${aborted ? '"request aborted by the client"' : '"request"'},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":`,
        ),
      );
    const tails = this.tails[aborted]!;
    const tail =
      tails.get(line.catalogVersion) ??
      keep(
        tails,
        line.catalogVersion,
        Buffer.from(
          `,"catalogVersion":${line.catalogVersion === null ? 'null' : JSON.stringify(line.catalogVersion)}${aborted ? ',"aborted":true' : ''}}\n`,
        ),
      );
    // The status is 3 digits or null, the duration at most 17 digits and a point.
    if (at + head.length + middle.length + 4 + DURATION_FIELD.length + 18 + tail.length > into.length) return -1;
    let end = at;
    into.set(head, end);
    end += head.length;
    into.set(middle, end);
    end += middle.length;
    if (line.status === null) {
      into.set(NULL, end);
      end += NULL.length;
    } else end = writeDigits(into, end, line.status);
    into.set(DURATION_FIELD, end);
    end += DURATION_FIELD.length;
    // As String(tenths(ms)) writes it: "12.3", "0.1", "5".
    const whole = Math.floor(tenthsOfMs / 10);
    const tenth = tenthsOfMs - whole * 10;
    end = writeDigits(into, end, whole);
    if (tenth !== 0) {
      into[end++] = 46; // "."
      into[end++] = ASCII_0 + tenth;
    }
    into.set(tail, end);
    return end + tail.length;
  }
}

/** A non-negative integer's decimal digits at `at`; returns where they end. */
function writeDigits(into: Buffer, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    into[i] = ASCII_0 + (rest - next * 10);
    rest = next;
  }
  return at + digits;
}
