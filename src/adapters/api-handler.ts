import { lazyCatalog, type DatabaseConstructor } from '../catalog/catalog-reader.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { apiErrorResponse } from '../core/http/api-error-response.ts';
import { createStatsApi, type RequestHandler } from '../core/rest/stats-api.ts';

const logError = (error: unknown) => console.error('[api]', error);

/** Wires the REST core to this process: the snapshot named in the config, opened once, lazily. */
export function createApiHandler(config: Config, Driver?: DatabaseConstructor): RequestHandler {
  return createStatsApi({
    catalog: lazyCatalog(config.catalogDb, Driver),
    cache: config.cache,
    siteUrl: config.siteUrl,
    logError,
  });
}

/**
 * For serverless entry points, where a throw at module load would crash every request into a
 * platform error page: a configuration error is logged and answered as the contract's 500 JSON.
 */
export function createApiHandlerFromEnv(env: Record<string, string | undefined> = process.env): RequestHandler {
  try {
    return createApiHandler(loadConfig(env));
  } catch (error) {
    logError(error);
    return () => apiErrorResponse('INTERNAL_ERROR');
  }
}
