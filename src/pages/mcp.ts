import type { APIRoute } from 'astro';
import { createMcpHandlerFromEnv } from '../adapters/mcp-handler.ts';

/*
 * The MCP endpoint inside Astro: what `astro dev` serves. The built self-hosted server answers
 * /mcp before Astro sees it; Netlify uses its Function.
 */
export const prerender = false;

const handle = createMcpHandlerFromEnv();

export const ALL: APIRoute = ({ request }) => handle(request);
