/**
 * A separate process using a shared quota store: `node tests/support/quota-worker.ts <store> <key>
 * <limit> <uses>` takes <uses> units at once and prints how many were admitted. <store> is the
 * local store's file, or a redis:// URL (the Redis store, used once it has connected; no fallback:
 * a use Redis does not answer fails the worker).
 */
import { LocalQuotaStore } from '../../src/quota/local-quota-store.ts';
import type { QuotaStore } from '../../src/quota/quota-store.ts';
import { RedisQuotaStore } from '../../src/quota/redis-quota-store.ts';
import { connected } from './redis-server.ts';

const [where, key, limit, uses] = process.argv.slice(2);
const store: QuotaStore = where!.startsWith('redis://')
  ? await connected(new RedisQuotaStore(where!))
  : new LocalQuotaStore(where!, { busyTimeoutMs: 5000 });
const results = await Promise.all(Array.from({ length: Number(uses) }, () => store.take(key!, Number(limit), Date.now() + 60_000)));
store.close?.();
console.log(results.filter((r) => r.allowed).length);
