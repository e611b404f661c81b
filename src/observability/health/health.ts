import type { CatalogMeta } from '../../catalog-read/catalog-reader.ts';
import { PATHS } from '../../contract/paths.ts';
import { type Answer, JSON_CONTENT_TYPE, type RequestFacts } from '../../http/answer.ts';
import { errorAnswer } from '../../http/api-error.ts';
import { NO_STORE } from '../../http/caching.ts';
import { getOrHead } from '../../http/head.ts';

const METHODS = 'GET, HEAD';
/** A quota store's probe is reused this long: a flood of probes costs one quota-store use per period. */
const PROBE_REUSE_MS = 5_000;

export interface HealthDeps {
  /** Opens the snapshot if it is not open yet (throws when it cannot be). */
  catalog: () => { meta: CatalogMeta; discovery: { counts: { products: number } } };
  /** The shared quota store's reachability; null when quotas are off. */
  probeQuotaStore: (() => Promise<{ reachable: boolean; ms: number }>) | null;
  now?: () => number;
  logError: (error: unknown) => void;
}

interface Readiness {
  ready: boolean;
  body: string;
}

const json = (status: number, body: string, method: string): Answer =>
  getOrHead(method, status, { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': NO_STORE }, body);

/**
 * GET /healthz: the process answers. GET /readyz: it can serve — the snapshot opens (the version
 * serving now, its age and its published products; none is degraded) — 200, else 503 with what is missing; never a file path or an error's
 * text (logged instead). A quota store that does not answer makes the instance degraded, not
 * unready: it still serves, counting in its own memory (FallbackQuotaStore), and a load balancer
 * that drained every instance while a shared Redis is down would serve nobody. Neither counts
 * against a quota.
 */
export function createHealthEndpoints(deps: HealthDeps): (facts: RequestFacts) => Answer | Promise<Answer> {
  const now = deps.now ?? Date.now;
  let lastProbe: { at: number; result: Promise<{ reachable: boolean; ms: number }> } | null = null;

  /** The quota store's probe, reused for a while: a flood of probes costs one store use per period. */
  const probeQuotaStore = (probe: () => Promise<{ reachable: boolean; ms: number }>) => {
    const at = now();
    if (lastProbe === null || at - lastProbe.at >= PROBE_REUSE_MS) lastProbe = { at, result: probe() };
    return lastProbe.result;
  };

  const readiness = async (): Promise<Readiness> => {
    const problems: string[] = [];
    const degraded: string[] = [];
    let catalog: Record<string, unknown> | null = null;
    try {
      // Read on every probe: after a rebuild is taken up, the version serving now.
      const opened = deps.catalog();
      const { catalogVersion, generatedAt } = opened.meta;
      const ageSeconds = Math.max(0, Math.round((now() - Date.parse(generatedAt)) / 1000));
      // The published products: a build compares its new catalog with this count (src/catalog-build/catalog-guard.ts).
      const products = opened.discovery.counts.products;
      catalog = { version: catalogVersion, generatedAt, ageSeconds, products };
      if (products === 0) degraded.push('the catalog has no published products: searches and product pages find nothing');
    } catch (error) {
      deps.logError(error);
      problems.push('the catalog snapshot cannot be opened');
    }
    let quotaStore: Record<string, unknown> = { enabled: false };
    if (deps.probeQuotaStore) {
      const { reachable, ms } = await probeQuotaStore(deps.probeQuotaStore);
      quotaStore = { enabled: true, reachable, latencyMs: ms, counting: reachable ? 'shared' : 'this instance only' };
      if (!reachable)
        degraded.push("the quota store does not answer or cannot count: quotas are counted in this instance's memory meanwhile");
    }
    const ready = problems.length === 0;
    const status = !ready ? 'unready' : degraded.length > 0 ? 'degraded' : 'ready';
    return { ready, body: JSON.stringify({ status, problems, degraded, catalog, quotaStore }) };
  };

  return (facts) => {
    if (facts.method !== 'GET' && facts.method !== 'HEAD') {
      return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: METHODS }, resolution: 'Call with GET or HEAD.' });
    }
    if (facts.pathname === PATHS.healthz) return json(200, '{"status":"ok"}', facts.method);
    return readiness().then(({ ready, body }) => json(ready ? 200 : 503, body, facts.method));
  };
}
