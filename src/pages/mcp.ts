import type { APIRoute } from 'astro';
import { createMcpHandlerFromEnv } from '../adapters/mcp-handler.ts';
import { localQuotaGate } from '../adapters/quota-gates.ts';

/*
 * The MCP endpoint inside Astro: what `astro dev` serves. The built self-hosted server answers
 * /mcp before Astro sees it; Netlify uses its Function.
 */
export const prerender = false;

const handle = createMcpHandlerFromEnv({ quota: localQuotaGate });

export const ALL: APIRoute = ({ request, clientAddress }) => handle(request, { clientAddress });
