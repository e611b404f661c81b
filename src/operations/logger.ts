import type { LogLevel } from '../config/config.ts';

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

/**
 * Every field a request's log line can have, as the privacy policy states them (src/legal/): the
 * line's time and level, "request", then the request as above.
 */
export const REQUEST_LOG_FIELDS = ['time', 'level', 'msg', 'method', 'route', 'status', 'durationMs', 'catalogVersion', 'aborted'] as const;

/** The service's log: one JSON object per line on stdout, for a collector to parse. */
export interface Logger {
  /** At info; health probes (a load balancer's, every few seconds) at debug. */
  request(line: RequestLine, level?: 'debug' | 'info'): void;
  info(scope: string, message: string): void;
  /** The server's start and stop: at info, written at every level but silent (tools wait for them). */
  lifecycle(scope: string, message: string): void;
  /** `fields`: facts for a collector to read beside the message (never an address). */
  warn(scope: string, message: string, fields?: Record<string, unknown>): void;
  error(scope: string, error: unknown): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Durations to a tenth of a millisecond: finer is noise on a shared machine. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Lines written to stdout once per turn of the event loop: a write to a pipe is a system call
 * (synchronous on Linux), and a busy server answers many requests a turn. Flushed on exit too.
 */
function stdoutByTurn(): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    process.stdout.write(text);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

let sharedStdout: ((line: string) => void) | undefined;

/** The process's stdout, shared by every logger of the process (one flush per turn for all). */
function stdout(): (line: string) => void {
  sharedStdout ??= stdoutByTurn();
  return sharedStdout;
}

export function createLogger(level: LogLevel, write: (line: string) => void = stdout()): Logger {
  const at = RANK[level];
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, fields: Record<string, unknown>) => {
    if (RANK[lineLevel] < at) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lineLevel, ...fields })}\n`);
  };
  return {
    // Field by field rather than spread: a request's line holds these and nothing else, whatever
    // object a caller hands in (the privacy policy lists them: REQUEST_LOG_FIELDS).
    request: (line, lineLevel = 'info') =>
      emit(lineLevel, {
        msg: line.aborted ? 'request aborted by the client' : 'request',
        method: line.method,
        route: line.route,
        status: line.status,
        durationMs: tenths(line.durationMs),
        catalogVersion: line.catalogVersion,
        ...(line.aborted ? { aborted: true } : {}),
      }),
    info: (scope, message) => emit('info', { scope, msg: message }),
    lifecycle: (scope, message) => {
      if (level !== 'silent') write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', scope, msg: message })}\n`);
    },
    warn: (scope, message, fields) => emit('warn', { scope, msg: message, ...fields }),
    error: (scope, error) =>
      emit('error', {
        scope,
        msg: error instanceof Error ? error.message : String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      }),
  };
}
