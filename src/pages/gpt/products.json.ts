import type { APIRoute } from 'astro';
import { createShowcaseHandlerFromEnv } from '../../adapters/showcase-handler.ts';

/*
 * The showcase inside Astro: what `astro dev` serves. The built self-hosted server answers it
 * before Astro sees it; Netlify uses its Function.
 */
export const prerender = false;

const handle = createShowcaseHandlerFromEnv();

export const ALL: APIRoute = ({ request }) => handle(request);
