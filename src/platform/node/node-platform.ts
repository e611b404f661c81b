import type { Platform } from '../../app/platform.ts';
import type { StaticFiles } from '../../http/static-files.ts';
import type { AppViews } from '../../mcp/app-views.ts';
import type { PageRenderer } from '../../product-pages/page-model.ts';
import { LocalQuotaStore } from '../../quota/local-quota-store.ts';
import { RedisQuotaStore } from '../../quota/redis-quota-store.ts';

/** How long a process waits for another's lock on the quota file before counting in memory. */
const FILE_BUSY_TIMEOUT_MS = 200;

/**
 * A machine the operator runs (the self-hosted server, `astro dev`): quotas in the RATE_LIMIT_DB
 * file shared by every process of the machine, or with RATE_LIMIT_REDIS_URL in Redis, shared by
 * every instance behind a load balancer; the Host check on, no CDN of its own; the log written
 * asynchronously (flushed on exit).
 */
export function nodePlatform(files?: StaticFiles, pages?: PageRenderer, appViews?: AppViews): Platform {
  return {
    quotaStore: ({ rateLimits }, log) =>
      rateLimits.redisUrl !== null
        ? { store: new RedisQuotaStore(rateLimits.redisUrl, { log }), timeoutMs: rateLimits.redisTimeoutMs }
        : // The file's latency is bounded by SQLite's busy timeout: no timer per use.
          { store: new LocalQuotaStore(rateLimits.localStore, { busyTimeoutMs: FILE_BUSY_TIMEOUT_MS }), timeoutMs: null },
    checkHost: true,
    // A process that lives on: its log is written after the answers, never in their way.
    logOutput: 'async',
    files,
    pages,
    appViews,
  };
}
