import type { APIRoute } from 'astro';
import { createApiHandlerFromEnv } from '../../adapters/api-handler.ts';
import { localQuotaGate } from '../../adapters/quota-gates.ts';

/*
 * The REST API inside Astro: what `astro dev` serves. The built self-hosted server answers /api/*
 * before Astro sees it (same core, without the page pipeline's overhead); Netlify uses its Function.
 */
export const prerender = false;

const handle = createApiHandlerFromEnv({ quota: localQuotaGate });

export const ALL: APIRoute = ({ request, clientAddress }) => handle(request, { clientAddress });
