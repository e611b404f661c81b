/** One request, as the log states it: never an address, a query string or a body. */
export interface RequestLine {
  method: string;
  /** The route's template (PATHS.productStats, "/mcp"), never the path asked for. */
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
/** Before the time's second ("2026-11-26T06:00:00."), then its milliseconds' three digits. */
const HEADS = { info: '{"level":"info","time":"', debug: '{"level":"debug","time":"' };
const SECOND_BYTES = 20;
/** The status (3 digits, or null) and the duration's name, by status; NO_STATUS for null. */
const STATUS_PIECES: Buffer[] = [];
const NO_STATUS = 0;
const EMPTY: Buffer = Buffer.alloc(0);

function statusPiece(status: number): Buffer {
  let piece = STATUS_PIECES[status];
  if (piece === undefined) {
    piece = Buffer.from(`${status === NO_STATUS ? 'null' : status},"durationMs":`);
    STATUS_PIECES[status] = piece;
  }
  return piece;
}

/** Cached pieces keep at most this many entries each: past it, a piece is encoded for its line alone. */
const MAX_PIECES = 512;
/** A line whose pieces are longer than this is not queued (requestLine writes it): any queued line fits in a batch's spare room. */
export const MAX_QUEUED_LINE_BYTES = 8 * 1024;

function keep<K, V>(pieces: Map<K, V>, key: K, piece: V): V {
  if (pieces.size < MAX_PIECES) pieces.set(key, piece);
  return piece;
}

/**
 * Request lines kept as their fields, in typed arrays, until a batch of the log
 * (log-destination.ts) takes them: then written as requestLine's bytes, one after the other, in a
 * loop. Written one at a time between requests, the same encoding cost a stats request about four
 * times what it costs in this loop (docs/benchmarks.md, "The request log"). What repeats (the
 * level, the message with the method and route, the catalog version) is copied from bytes encoded
 * once, found through the last line's pieces before any map; the time's second is formatted once
 * a second, and the milliseconds, status and duration are written digit by digit. Tested byte for
 * byte against requestLine.
 */
export class RequestLineQueue {
  private count = 0;
  private readonly levels: Uint8Array;
  private readonly times: Float64Array;
  private readonly statuses: Int16Array;
  private readonly durations: Float64Array;
  private readonly middlesOf: Buffer[];
  private readonly tailsOf: Buffer[];
  /** The epoch second whose ISO form's first SECOND_BYTES end both heads. */
  private second = Number.NaN;
  private readonly infoHead = Buffer.from(HEADS.info + '0'.repeat(SECOND_BYTES));
  private readonly debugHead = Buffer.from(HEADS.debug + '0'.repeat(SECOND_BYTES));
  /** By route, then method: the time's end, the message, method and route fields, up to `"status":`. */
  private readonly middles = [new Map<string, Map<string, Buffer>>(), new Map<string, Map<string, Buffer>>()];
  /** By catalog version: the version field, `aborted` when the client left, and the line's end. */
  private readonly tails = [new Map<string | null, Buffer>(), new Map<string | null, Buffer>()];
  private readonly last = {
    route: '',
    method: '',
    aborted: -1,
    middle: EMPTY,
    version: null as string | null,
    tailAborted: -1,
    tail: EMPTY,
  };
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.levels = new Uint8Array(capacity);
    this.times = new Float64Array(capacity);
    this.statuses = new Int16Array(capacity);
    this.durations = new Float64Array(capacity);
    this.middlesOf = new Array<Buffer>(capacity).fill(EMPTY);
    this.tailsOf = new Array<Buffer>(capacity).fill(EMPTY);
  }

  get size(): number {
    return this.count;
  }

  /**
   * Queues the line of a request logged at `epochMs`; false when the queue is full, or for a line
   * it does not write (requestLine does): a duration that is not a finite, non-negative number of
   * milliseconds, a time not of a four-digit year, a status that is not three digits, pieces
   * longer than MAX_QUEUED_LINE_BYTES.
   */
  add(level: 'debug' | 'info', epochMs: number, line: RequestLine): boolean {
    const i = this.count;
    if (i === this.capacity) return false;
    const tenthsOfMs = Math.round(line.durationMs * 10);
    if (!(tenthsOfMs >= 0 && tenthsOfMs <= Number.MAX_SAFE_INTEGER)) return false;
    if (!(epochMs >= -62_167_219_200_000 && epochMs < 253_402_300_800_000 && Number.isInteger(epochMs))) return false;
    if (line.status !== null && !(line.status >= 100 && line.status <= 999 && Number.isInteger(line.status))) return false;
    const status = line.status ?? NO_STATUS;
    const aborted = line.aborted ? 1 : 0;
    const middle = this.middleOf(line.route, line.method, aborted);
    const tail = this.tailOf(line.catalogVersion, aborted);
    if (middle.length + tail.length > MAX_QUEUED_LINE_BYTES) return false;
    this.levels[i] = level === 'info' ? 1 : 0;
    this.times[i] = epochMs;
    this.statuses[i] = status;
    this.durations[i] = tenthsOfMs;
    this.middlesOf[i] = middle;
    this.tailsOf[i] = tail;
    this.count = i + 1;
    return true;
  }

  /**
   * Writes the queued lines, oldest first, at `at` in `into` while they fit, and returns where they
   * end; the lines that did not fit stay queued, in order.
   */
  drainInto(into: Buffer, at: number): number {
    let end = at;
    let i = 0;
    for (; i < this.count; i++) {
      const next = this.encode(i, into, end);
      if (next < 0) break;
      end = next;
    }
    this.shift(i);
    return end;
  }

  /** Drops the first `n` lines (written), keeping the rest in order. */
  private shift(n: number): void {
    if (n === 0) return;
    const rest = this.count - n;
    if (rest > 0) {
      this.levels.copyWithin(0, n, this.count);
      this.times.copyWithin(0, n, this.count);
      this.statuses.copyWithin(0, n, this.count);
      this.durations.copyWithin(0, n, this.count);
      this.middlesOf.copyWithin(0, n, this.count);
      this.tailsOf.copyWithin(0, n, this.count);
    }
    this.count = rest;
  }

  /** Line `i` at `at` in `into`; returns where it ends, or -1 when it does not fit. */
  private encode(i: number, into: Buffer, at: number): number {
    const head = this.levels[i] === 1 ? this.infoHead : this.debugHead;
    const middle = this.middlesOf[i]!;
    const status = statusPiece(this.statuses[i]!);
    const tail = this.tailsOf[i]!;
    // The milliseconds are 3 digits, the duration at most 16 digits, a point and one more.
    if (at + head.length + 3 + middle.length + status.length + 18 + tail.length > into.length) return -1;
    const epochMs = this.times[i]!;
    const second = Math.floor(epochMs / 1000);
    if (second !== this.second) this.formatSecond(second);
    let end = at;
    into.set(head, end);
    end += head.length;
    const ms = epochMs - second * 1000;
    into[end++] = ASCII_0 + Math.floor(ms / 100);
    into[end++] = ASCII_0 + (Math.floor(ms / 10) % 10);
    into[end++] = ASCII_0 + (ms % 10);
    into.set(middle, end);
    end += middle.length;
    into.set(status, end);
    end += status.length;
    // As String(tenths(ms)) writes it: "12.3", "0.1", "5".
    const tenthsOfMs = this.durations[i]!;
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

  /** Times are checked on the way in (`add`): years 0000 to 9999, as toISOString writes them in 24 characters. */
  private formatSecond(second: number): void {
    const iso = new Date(second * 1000).toISOString();
    this.infoHead.write(iso, HEADS.info.length, SECOND_BYTES, 'latin1');
    this.debugHead.write(iso, HEADS.debug.length, SECOND_BYTES, 'latin1');
    this.second = second;
  }

  private middleOf(route: string, method: string, aborted: number): Buffer {
    const last = this.last;
    if (route === last.route && method === last.method && aborted === last.aborted) return last.middle;
    // Looked up first, made only when missing (a function per piece would be an allocation per line).
    const byRoute = this.middles[aborted]!;
    const byMethod = byRoute.get(route) ?? keep(byRoute, route, new Map<string, Buffer>());
    last.middle =
      byMethod.get(method) ??
      keep(
        byMethod,
        method,
        Buffer.from(
          `Z","msg":${aborted ? '"request aborted by the client"' : '"request"'},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":`,
        ),
      );
    last.route = route;
    last.method = method;
    last.aborted = aborted;
    return last.middle;
  }

  private tailOf(version: string | null, aborted: number): Buffer {
    const last = this.last;
    if (version === last.version && aborted === last.tailAborted) return last.tail;
    const tails = this.tails[aborted]!;
    last.tail =
      tails.get(version) ??
      keep(
        tails,
        version,
        Buffer.from(`,"catalogVersion":${version === null ? 'null' : JSON.stringify(version)}${aborted ? ',"aborted":true' : ''}}\n`),
      );
    last.version = version;
    last.tailAborted = aborted;
    return last.tail;
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
