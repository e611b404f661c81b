import { loadConfig, type Config } from '../config/config.ts';
import type { RequestHandler } from '../core/rest/stats-api.ts';

/**
 * For serverless entry points, where a throw at module load would crash every request into a
 * platform error page: the configuration is read once; if it is invalid, that is logged and every
 * request gets `failure`, the endpoint's own 500.
 */
export function handlerFromEnv(
  build: (config: Config) => RequestHandler,
  failure: () => Response,
  logError: (error: unknown) => void,
  env: Record<string, string | undefined>,
): RequestHandler {
  try {
    return build(loadConfig(env));
  } catch (error) {
    logError(error);
    return failure;
  }
}
