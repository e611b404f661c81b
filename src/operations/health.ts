import type { CatalogMeta } from '../catalog/catalog-reader.ts';
import { type Answer, JSON_CONTENT_TYPE, type RequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import { NO_STORE } from '../http/caching.ts';
import { PATHS } from '../service/paths.ts';

const METHODS = 'GET, HEAD';
/** A readiness answer is reused this long: a flood of probes costs one quota-store read per period. */
const PROBE_REUSE_MS = 5_000;

export interface HealthDeps {
  /** Opens the snapshot if it is not open yet (throws when it cannot be). */
  catalog: () => { meta: CatalogMeta };
  /** The shared quota store's reachability; null when quotas are off. */
  probeQuotaStore: (() => Promise<{ reachable: boolean; ms: number }>) | null;
  now?: () => number;
  logError: (error: unknown) => void;
}

interface Readiness {
  ready: boolean;
  body: string;
}

const json = (status: number, body: string, method: string): Answer => ({
  status,
  headers: { 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': NO_STORE },
  body: method === 'HEAD' ? null : body,
});

/**
 * GET /healthz: the process answers. GET /readyz: it can serve — the snapshot opens (its version
 * and age said), and the quota store answers a read. 503 when not, with what is missing; never
 * a file path or an error's text (logged instead). Neither counts against a quota.
 */
export function createHealthEndpoints(deps: HealthDeps): (facts: RequestFacts) => Answer | Promise<Answer> {
  const now = deps.now ?? Date.now;
  let last: { at: number; readiness: Promise<Readiness> } | null = null;

  const readiness = async (): Promise<Readiness> => {
    const problems: string[] = [];
    let catalog: Record<string, unknown> | null = null;
    try {
      const { catalogVersion, generatedAt } = deps.catalog().meta;
      const ageSeconds = Math.max(0, Math.round((now() - Date.parse(generatedAt)) / 1000));
      catalog = { version: catalogVersion, generatedAt, ageSeconds };
    } catch (error) {
      deps.logError(error);
      problems.push('the catalog snapshot cannot be opened');
    }
    let quotaStore: Record<string, unknown> = { enabled: false };
    if (deps.probeQuotaStore) {
      const { reachable, ms } = await deps.probeQuotaStore();
      quotaStore = { enabled: true, reachable, latencyMs: ms };
      if (!reachable) problems.push('the quota store does not answer');
    }
    const ready = problems.length === 0;
    return { ready, body: JSON.stringify({ status: ready ? 'ready' : 'unready', problems, catalog, quotaStore }) };
  };

  return (facts) => {
    if (facts.method !== 'GET' && facts.method !== 'HEAD') {
      return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: METHODS }, resolution: 'Call with GET or HEAD.' });
    }
    if (facts.pathname === PATHS.healthz) return json(200, '{"status":"ok"}', facts.method);
    const at = now();
    if (last === null || at - last.at >= PROBE_REUSE_MS) last = { at, readiness: readiness() };
    return last.readiness.then(({ ready, body }) => json(ready ? 200 : 503, body, facts.method));
  };
}
