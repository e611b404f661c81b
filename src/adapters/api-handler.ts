import { lazyCatalog } from '../catalog/catalog-reader.ts';
import type { Config } from '../config/config.ts';
import { handlerFromEnv } from './handler-from-env.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import { toResponse } from '../core/http/api-answer.ts';
import { apiErrorAnswer } from '../core/http/api-error-answer.ts';
import { createStatsAnswerer, createStatsApi, type RequestHandler, type StatsApiDeps } from '../core/rest/stats-api.ts';

const logError = (error: unknown) => console.error('[api]', error);

/** The REST core's dependencies in this process: the configured snapshot, opened once, lazily. */
function statsDeps(config: Config, quota: QuotaGate | null): StatsApiDeps {
  return { catalog: lazyCatalog(config.catalogDb), cache: config.cache, siteUrl: config.siteUrl, logError, quota };
}

/** For the self-hosted server, which writes answers to the socket itself. */
export function createApiAnswerer(config: Config, quota: QuotaGate | null) {
  return createStatsAnswerer(statsDeps(config, quota));
}

/** For Web-standard entry points (Netlify Function, Astro route); `headers` are added to every answer. */
export function createApiHandler(config: Config, quota: QuotaGate | null, headers: Record<string, string> = {}): RequestHandler {
  const handle = createStatsApi(statsDeps(config, quota));
  return async (request, info) => {
    const response = await handle(request, info);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

/** For serverless entry points: a configuration error is logged and answered as the contract's 500 JSON. */
export function createApiHandlerFromEnv(
  options: { quota: (config: Config) => QuotaGate | null; headers?: Record<string, string> },
  env: Record<string, string | undefined> = process.env,
): RequestHandler {
  return handlerFromEnv((config) => createApiHandler(config, options.quota(config), options.headers), () => toResponse(apiErrorAnswer('INTERNAL_ERROR')), logError, env);
}
