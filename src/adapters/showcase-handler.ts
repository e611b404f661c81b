import { lazyCatalog } from '../catalog/catalog-reader.ts';
import type { Config } from '../config/config.ts';
import { handlerFromEnv } from './handler-from-env.ts';
import { createShowcaseEndpoint } from '../core/documents/showcase.ts';
import { toResponse } from '../core/http/api-answer.ts';
import { apiErrorAnswer } from '../core/http/api-error-answer.ts';
import { productUrlBuilder } from '../core/product-url.ts';
import type { RequestHandler } from '../core/rest/stats-api.ts';

const logError = (error: unknown) => console.error('[showcase]', error);

/** /gpt/products.json in this process; `cdnHeaders` for a platform's CDN (Netlify). */
export function createShowcaseHandler(config: Config, cdnHeaders?: Record<string, string>): RequestHandler {
  return createShowcaseEndpoint({
    catalog: lazyCatalog(config.catalogDb),
    productUrl: productUrlBuilder(config.productUrlTemplate),
    cache: config.cache,
    cdnHeaders,
    logError,
  });
}

/** For serverless entry points: a configuration error is logged and answered as the contract's 500 JSON. */
export function createShowcaseHandlerFromEnv(
  options: { cdnHeaders?: (config: Config) => Record<string, string> } = {},
  env: Record<string, string | undefined> = process.env,
): RequestHandler {
  return handlerFromEnv((config) => createShowcaseHandler(config, options.cdnHeaders?.(config)), () => toResponse(apiErrorAnswer('INTERNAL_ERROR')), logError, env);
}
