import pino from 'pino';
import type { LogLevel } from '../../config/config.ts';
import { destinationOf, type LogOutput } from './log-destination.ts';
import { type RequestLine, requestLine } from './request-line.ts';

/**
 * Every field a request's log line can have, in the line's order, as the privacy policy states
 * them (src/legal/): the line's level and time, "request", then the request as above.
 */
export const REQUEST_LOG_FIELDS = ['level', 'time', 'msg', 'method', 'route', 'status', 'durationMs', 'catalogVersion', 'aborted'] as const;

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

let lastMs = 0;
let lastTime = '';

/**
 * pino's `isoTime`, formatted once per millisecond: a busy server logs many lines in one, and
 * `toISOString` was a large share of pino's time for a line (docs/benchmarks.md, "The request log"). A partial JSON
 * string with its leading comma, as pino's `timestamp` option takes it.
 */
function isoTimeField(now = Date.now()): string {
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/**
 * pino configured for the lines the service always wrote: `level` as its label, `time` as an ISO
 * string, and nothing of pino's own (its default `pid` and `hostname` are left out: `base: null`).
 * The message goes in the logged object as `msg` (never as pino's message argument, which it
 * writes last), so every line reads level, time, msg, then its fields.
 */
const options = (level: LogLevel): pino.LoggerOptions => ({
  level,
  base: null,
  timestamp: isoTimeField,
  formatters: { level: (label) => ({ level: label }) },
});

/**
 * `output`: stdout through pino's asynchronous destination (a long-lived server) or its
 * synchronous one (a serverless function: log-destination.ts says why), or a sink of whole lines.
 */
export function createLogger(level: LogLevel, output: LogOutput = 'sync'): Logger {
  const destination = destinationOf(output);
  const log = pino(options(level), destination);
  const lifecycle = log.child({}, { level: level === 'silent' ? 'silent' : 'info' });
  return {
    // By hand (request-line.ts), field by field: a request's line holds REQUEST_LOG_FIELDS and
    // nothing else, whatever object a caller hands in (the privacy policy lists them). Into the
    // batch as its fields where the destination batches, as a string otherwise.
    request: (line, lineLevel = 'info') => {
      if (!log.isLevelEnabled(lineLevel)) return;
      const now = Date.now();
      if (!destination.writeRequest?.(lineLevel, now, line)) destination.write(requestLine(lineLevel, now, line));
    },
    info: (scope, message) => log.info({ scope, msg: message }),
    lifecycle: (scope, message) => lifecycle.info({ scope, msg: message }),
    warn: (scope, message, fields) => log.warn({ scope, msg: message, ...fields }),
    // A plain object, not the Error: pino's error serializer would write `err: {type, message, stack}`.
    error: (scope, error) =>
      log.error({
        scope,
        msg: error instanceof Error ? error.message : String(error),
        ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
      }),
  };
}
