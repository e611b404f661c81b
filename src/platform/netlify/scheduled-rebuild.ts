/**
 * The scheduled rebuild on Netlify: POSTs the site's build hook, so that Netlify builds and
 * deploys the site again from the current catalog export. `npm run build` writes the function
 * that runs it, with the schedule, only when REBUILD_SCHEDULE is set (src/netlify-build/rebuild-schedule.ts);
 * unset, nothing exists and nothing runs.
 *
 * The hook URL (REBUILD_HOOK_URL) is a secret: whoever has it can start builds. It is read from
 * the function's environment when the function runs, never written into any file, and never
 * logged, nor is any error text that could carry it.
 */

/** Well under a scheduled function's 30 s limit; a build hook answers at once when it answers at all. */
export const HOOK_TIMEOUT_MS = 10_000;

/** The deploy's title in the Netlify UI (the hook's `trigger_title` parameter). */
export const REBUILD_TITLE = 'Scheduled catalog rebuild (REBUILD_SCHEDULE)';

export interface RebuildOutcome {
  ok: boolean;
  /** The hook's HTTP status, if it answered. */
  status?: number;
  /** Why it did not: "timeout", "unset", "invalid URL", or a network error's code. */
  reason?: string;
  ms: number;
}

export interface RebuildOptions {
  hookUrl: string | undefined;
  title?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

/** A network error's code (ECONNREFUSED, ENOTFOUND…), never its message: a message may quote the URL. */
function errorCode(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string' && /^[A-Z0-9_]+$/.test(cause.code)) return cause.code;
  return error instanceof Error && /^[A-Za-z]+$/.test(error.name) ? error.name : 'error';
}

/** POSTs the build hook once, with a title and a bounded wait, and logs one line of the outcome. */
export async function triggerRebuild(options: RebuildOptions): Promise<RebuildOutcome> {
  const { title = REBUILD_TITLE, timeoutMs = HOOK_TIMEOUT_MS, log = console.log, logError = console.error } = options;
  const started = performance.now();
  const done = (outcome: Omit<RebuildOutcome, 'ms'>): RebuildOutcome => {
    const result = { ...outcome, ms: Math.round(performance.now() - started) };
    if (result.ok) log(`[rebuild] build hook answered ${result.status} in ${result.ms} ms: a new build is queued`);
    else
      logError(
        `[rebuild] build hook failed: ${result.status === undefined ? result.reason : `HTTP ${result.status}`} after ${result.ms} ms; no build was started`,
      );
    return result;
  };
  if (options.hookUrl === undefined || options.hookUrl === '') return done({ ok: false, reason: 'REBUILD_HOOK_URL unset for functions' });
  if (!URL.canParse(options.hookUrl) || !/^https?:$/.test(new URL(options.hookUrl).protocol)) {
    return done({ ok: false, reason: 'REBUILD_HOOK_URL is not an http(s) URL' });
  }
  const url = new URL(options.hookUrl);
  url.searchParams.set('trigger_title', title);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // Netlify's documented call (curl -X POST -d '{}'); the build sees the body as INCOMING_HOOK_BODY.
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is not needed; reading it releases the connection.
    await response.arrayBuffer().catch(() => undefined);
    return done({ ok: response.ok, status: response.status });
  } catch (error) {
    return done({ ok: false, reason: errorCode(error) });
  }
}

/** Whether a request is what Netlify sends a scheduled function: a POST of JSON with `next_run`, an ISO 8601 time. */
async function isScheduledRun(request: Request | undefined): Promise<boolean> {
  if (request === undefined || request.method !== 'POST') return false;
  const body = (await request.json().catch(() => null)) as { next_run?: unknown } | null;
  return typeof body?.next_run === 'string' && !Number.isNaN(Date.parse(body.next_run));
}

/**
 * The scheduled function's handler (re-exported by the function the build writes). Netlify ignores
 * a scheduled function's answer; it says what happened for whoever invokes it by hand.
 *
 * No URL reaches it on a published deploy: Netlify runs a scheduled function only on its
 * schedule, or by the UI's "Run now", and refuses a scheduled function with a path
 * (docs/operations.md, "Scheduled rebuilds", with the sources). A secret could not be checked:
 * Netlify's call carries no header or body of the site's choosing. What it does carry, the
 * documented `next_run`, is checked, as a sanity check (it can be forged): a request without it is
 * no scheduled run and starts nothing.
 */
export default async function scheduledRebuild(request?: Request): Promise<Response> {
  if (!(await isScheduledRun(request))) {
    return Response.json({ ok: false, reason: 'not a scheduled run (a POST with next_run): no build was started' }, { status: 400 });
  }
  const outcome = await triggerRebuild({ hookUrl: process.env.REBUILD_HOOK_URL });
  return Response.json(outcome, { status: outcome.ok ? 200 : 502 });
}
