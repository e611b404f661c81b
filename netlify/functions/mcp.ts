import type { Config, Context } from '@netlify/functions';
import { createMcpHandlerFromEnv } from '../../src/adapters/mcp-handler.ts';
import { blobsQuotaGate } from '../../src/adapters/quota-gates.ts';

// Module scope: one configuration and one opened snapshot per function instance. Netlify serves
// public host names, so the loopback Host check does not apply.
const handle = createMcpHandlerFromEnv({ publicHost: true, quota: blobsQuotaGate });

export default (request: Request, context: Context): Promise<Response> | Response => handle(request, { clientAddress: context.ip });

export const config: Config = { path: '/mcp' };
