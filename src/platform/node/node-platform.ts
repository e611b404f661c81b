import type { Platform } from '../../app/platform.ts';
import type { StaticFiles } from '../../documents/serve-documents.ts';
import type { PageRenderer } from '../../product-pages/page-model.ts';
import { LocalQuotaStore } from '../../quota/local-quota-store.ts';
import { RedisQuotaStore } from '../../quota/redis-quota-store.ts';

/** How long a process waits for another's lock on the quota file before counting in memory. */
const FILE_BUSY_TIMEOUT_MS = 200;

/**
 * How long a use of Redis may take before this instance's memory counts it instead. A healthy
 * Redis on the instances' network answers a script in about a millisecond, so this is met only
 * when Redis hangs (a Redis that is down fails at once: nothing is queued while disconnected).
 * Lower would add less to a request then (two uses at most, for at most the second or so before
 * the store drops a connection that does not answer), but a busy instance's event loop can lag
 * tens of milliseconds, and a timeout met while Redis is healthy turns a shared count into this
 * instance's own.
 */
export const REDIS_TIMEOUT_MS = 100;

/**
 * A machine the operator runs (the self-hosted server, `astro dev`): quotas in the RATE_LIMIT_DB
 * file shared by every process of the machine, or with RATE_LIMIT_REDIS_URL in Redis, shared by
 * every instance behind a load balancer; the Host check on, no CDN of its own.
 */
export function nodePlatform(files?: StaticFiles, pages?: PageRenderer): Platform {
  return {
    quotaStore: ({ rateLimits }, log) =>
      rateLimits.redisUrl !== null
        ? { store: new RedisQuotaStore(rateLimits.redisUrl, { log }), timeoutMs: REDIS_TIMEOUT_MS }
        : // The file's latency is bounded by SQLite's busy timeout: no timer per use.
          { store: new LocalQuotaStore(rateLimits.localStore, { busyTimeoutMs: FILE_BUSY_TIMEOUT_MS }), timeoutMs: null },
    checkHost: true,
    files,
    pages,
  };
}
