import { exactly } from '../../contract/path-match.ts';
import { PATHS } from '../../contract/paths.ts';
import { REST_ERRORS } from '../../http/error-shape.ts';
import type { RouteEntry } from '../../http/route.ts';
import { createHealthEndpoints, type HealthDeps } from './health.ts';

/** Liveness and readiness: never rate-limited, logged at debug (a load balancer asks every few seconds). */
export const healthRoute: RouteEntry<{
  catalog: HealthDeps['catalog'];
  probeQuotaStore: HealthDeps['probeQuotaStore'];
  logError: (scope: string) => (error: unknown) => void;
}> = {
  name: 'health',
  ...exactly(PATHS.healthz, PATHS.readyz),
  errors: REST_ERRORS,
  template: (p) => p,
  quiet: true,
  handler: ({ catalog, probeQuotaStore, logError }) => ({
    plain: createHealthEndpoints({ catalog, probeQuotaStore, logError: logError('health') }),
  }),
};
