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

const ASCII_0 = 48;
/** Before the time's second ("2026-11-26T06:00:00."), then its milliseconds' three digits. */
const HEADS = { info: '{"level":"info","time":"', debug: '{"level":"debug","time":"' };
const SECOND_BYTES = 20;
/** The status (3 digits, or null) and the duration's name, by status; NO_STATUS for null. */
const STATUS_PIECES: Buffer[] = [];
const NO_STATUS = 0;
const EMPTY: Buffer = Buffer.alloc(0);
/** Years 0000 and 9999's first and last milliseconds. */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = 253_402_300_799_999;

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
 * The request log's one encoder. Request lines are kept as their fields, in typed arrays, until a
 * batch of the log (log-destination.ts) takes them: then written one after the other, in a loop.
 * Written one at a time between requests, the same encoding cost a stats request about four
 * times what it costs in this loop, and pino's own formatting of the line most of the log's time
 * (docs/benchmarks.md, "The request log"). What repeats (the level, the message with the method
 * and route, the catalog version) is copied from bytes encoded once, found through the last
 * line's pieces before any map; the time's second is formatted once a second, and the
 * milliseconds, status and duration are written digit by digit. A line is the level's label,
 * `time` (as pino writes it, logger.ts), then exactly the fields of REQUEST_LOG_FIELDS in their
 * order, whatever object a caller hands in. requestLine writes one line alone through it.
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
  private readonly maxLineBytes: number;

  /** `maxLineBytes`: the longest line's pieces it queues (MAX_QUEUED_LINE_BYTES by default). */
  constructor(capacity: number, maxLineBytes = MAX_QUEUED_LINE_BYTES) {
    this.capacity = capacity;
    this.maxLineBytes = maxLineBytes;
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
   * Queues the line of a request logged at `epochMs`; false when the queue is full, or when its
   * pieces are longer than the queue's bound. Values no server produces are written as the
   * nearest it can (a clock gives none of them; the line stays JSON whatever comes): a duration
   * that is not a finite, non-negative number of milliseconds (below 2^53 tenths) as 0, a time outside years
   * 0000–9999 at that range's end, a status that is not three digits as null.
   */
  add(level: 'debug' | 'info', epochMs: number, line: RequestLine): boolean {
    const i = this.count;
    if (i === this.capacity) return false;
    const aborted = line.aborted ? 1 : 0;
    const middle = this.middleOf(line.route, line.method, aborted);
    const tail = this.tailOf(line.catalogVersion, aborted);
    if (middle.length + tail.length > this.maxLineBytes) return false;
    const tenthsOfMs = Math.round(line.durationMs * 10);
    const status = line.status;
    this.levels[i] = level === 'info' ? 1 : 0;
    this.times[i] = Number.isNaN(epochMs) ? 0 : Math.min(Math.max(Math.floor(epochMs), FIRST_MS), LAST_MS);
    this.statuses[i] = status !== null && status >= 100 && status <= 999 && Number.isInteger(status) ? status : NO_STATUS;
    this.durations[i] = tenthsOfMs >= 0 && tenthsOfMs <= Number.MAX_SAFE_INTEGER ? tenthsOfMs : 0;
    this.middlesOf[i] = middle;
    this.tailsOf[i] = tail;
    this.count = i + 1;
    return true;
  }

  /** The most bytes the oldest queued line can take (what encode checks for room). */
  firstLineBound(): number {
    return this.lineBound(0);
  }

  private lineBound(i: number): number {
    // The milliseconds are 3 digits, the duration at most 16 digits, a point and one more.
    const status = statusPiece(this.statuses[i]!);
    return this.infoHead.length + 3 + this.middlesOf[i]!.length + status.length + 18 + this.tailsOf[i]!.length;
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
    if (at + this.lineBound(i) > into.length) return -1;
    const head = this.levels[i] === 1 ? this.infoHead : this.debugHead;
    const middle = this.middlesOf[i]!;
    const status = statusPiece(this.statuses[i]!);
    const tail = this.tailsOf[i]!;
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
    // As String(Math.round(ms * 10) / 10) writes it: "12.3", "0.1", "5".
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

  /** Times are kept to years 0000 to 9999 on the way in (`add`): toISOString writes those in 24 characters. */
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

/** One line alone, for a destination that does not batch; the same encoder, with no bound. */
const alone = new RequestLineQueue(1, Number.POSITIVE_INFINITY);
const scratch = Buffer.allocUnsafe(MAX_QUEUED_LINE_BYTES);

/** A request's line as a string: the level's label, the time, then REQUEST_LOG_FIELDS (logger.ts). */
export function requestLine(level: 'debug' | 'info', epochMs: number, line: RequestLine): string {
  alone.add(level, epochMs, line);
  const bound = alone.firstLineBound();
  const into = bound > scratch.length ? Buffer.allocUnsafe(bound) : scratch;
  return into.toString('utf8', 0, alone.drainInto(into, 0));
}
