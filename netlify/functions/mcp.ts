import type { Config } from '@netlify/functions';
import { createMcpHandlerFromEnv } from '../../src/adapters/mcp-handler.ts';

// Module scope: one configuration and one opened snapshot per function instance. Netlify serves
// public host names, so the loopback Host check does not apply.
const handle = createMcpHandlerFromEnv({ publicHost: true });

export default (request: Request): Promise<Response> | Response => handle(request);

export const config: Config = { path: '/mcp' };
