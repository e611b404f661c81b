import { lazyCatalog } from '../catalog/catalog-reader.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { toResponse } from '../core/http/api-answer.ts';
import { apiErrorAnswer } from '../core/http/api-error-answer.ts';
import { createStatsAnswerer, createStatsApi, type RequestHandler, type StatsApiDeps } from '../core/rest/stats-api.ts';

const logError = (error: unknown) => console.error('[api]', error);

/** The REST core's dependencies in this process: the configured snapshot, opened once, lazily. */
function statsDeps(config: Config): StatsApiDeps {
  return { catalog: lazyCatalog(config.catalogDb), cache: config.cache, siteUrl: config.siteUrl, logError };
}

/** For the self-hosted server, which writes answers to the socket itself. */
export function createApiAnswerer(config: Config) {
  return createStatsAnswerer(statsDeps(config));
}

/** For Web-standard entry points (Netlify Function, Astro route). */
export function createApiHandler(config: Config): RequestHandler {
  return createStatsApi(statsDeps(config));
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
    return () => toResponse(apiErrorAnswer('INTERNAL_ERROR'));
  }
}
