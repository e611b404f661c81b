import { astroRoute } from '../platform/astro/astro-route.ts';

/** Every path no page answers: the app's routes under `astro dev`, Astro's 404 page for the rest. */
export const prerender = false;

export const ALL = astroRoute;
