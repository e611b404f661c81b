import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().min(0).max(31_536_000);

/**
 * Environment configuration, validated once at start-up. Every variable is documented in the
 * README; a bad value stops the process with a message naming it, instead of misbehaving later.
 */
export const EnvSchema = z.object({
  /** Public base URL of the site; Netlify's own URL variable is the fallback there. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  URL: z.url().optional(),
  CATALOG_SOURCE: z.string().min(1).default('data/sample'),
  CATALOG_DB: z.string().min(1).default('data/catalog.sqlite'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4321),
  CACHE_MAX_AGE: seconds.default(60),
  CACHE_STALE_WHILE_REVALIDATE: seconds.default(300),
});

export interface Config {
  siteUrl: string;
  catalogSource: string;
  catalogDb: string;
  host: string;
  port: number;
  cache: { maxAge: number; staleWhileRevalidate: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and dashboards often leave them that way.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment configuration: ${problems}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? e.URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    siteUrl,
    catalogSource: e.CATALOG_SOURCE,
    catalogDb: e.CATALOG_DB,
    host: e.HOST,
    port: e.PORT,
    cache: { maxAge: e.CACHE_MAX_AGE, staleWhileRevalidate: e.CACHE_STALE_WHILE_REVALIDATE },
  };
}
