import type { Config, Context } from '@netlify/functions';
import { createApiHandlerFromEnv } from '../../src/adapters/api-handler.ts';
import { blobsQuotaGate } from '../../src/adapters/quota-gates.ts';

// Module scope: one configuration, one opened snapshot and one quota store per function instance.
// Answers carry per-client quota fields: the CDN must not keep one client's answer for others.
const handle = createApiHandlerFromEnv({ quota: blobsQuotaGate, headers: { 'Netlify-CDN-Cache-Control': 'no-store' } });

export default (request: Request, context: Context): Response | Promise<Response> => handle(request, { clientAddress: context.ip });

export const config: Config = {
  path: ['/api', '/api/*'],
  // Pre-rendered documents under /api/ (openapi.yaml) are served from the CDN, not the function.
  preferStatic: true,
};
