import type { Config } from '@netlify/functions';
import { createApiHandlerFromEnv } from '../../src/adapters/api-handler.ts';

// Module scope: one configuration and one opened snapshot per function instance.
const handle = createApiHandlerFromEnv();

export default (request: Request): Response | Promise<Response> => handle(request);

export const config: Config = {
  path: ['/api', '/api/*'],
  // Pre-rendered documents under /api/ (openapi.yaml) are served from the CDN, not the function.
  preferStatic: true,
};
