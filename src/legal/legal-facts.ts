import type { Config } from '../config/config.ts';
import { hasContact, type OperatorContact } from '../config/operator-contact.ts';
import { PATHS, publicUrls } from '../contract/paths.ts';
import { NETLIFY_FIRST_LINE } from '../flood-limit/flood-limit.ts';
import { ALLOWANCE_LOG_REMEMBERED } from '../mcp/client-allowances.ts';
import { REQUEST_LOG_FIELDS } from '../observability/log/logger.ts';
import { type RateLimitPolicy, rateLimitPolicy } from '../quota/policy.ts';

/*
 * What the privacy policy, the terms of use and the contact page state as facts of this
 * deployment, taken from the code and the configuration they describe (the quota windows, the
 * request log's fields, the operator's contact), so that the pages cannot say one thing while the
 * service does another. The prose around them is in the pages (src/pages/privacidade.astro,
 * termos.astro, contato.astro).
 */

/**
 * When the text of the legal pages last changed in substance (not when a build ran): the date the
 * pages state as their version. Change it with the text.
 */
export const LEGAL_TEXT_DATE = '2026-11-28';

export interface LegalFacts {
  siteUrl: string;
  pages: { privacy: string; terms: string; contact: string };
  operator: OperatorContact;
  /** An e-mail address or a contact page is configured. */
  reachable: boolean;
  quotas: RateLimitPolicy;
  /** The IPv6 network length one client is counted by (RATE_LIMIT_IPV6_PREFIX). */
  ipv6Prefix: number;
  /** Every field of a request's log line, as logger.ts writes them. */
  logFields: readonly string[];
  /** Where the API is described, for the terms' links: paths on this site. */
  docs: { portal: string; openapiJson: string; openapiYaml: string; llms: string; manifest: string; mcp: string };
  textDate: string;
  /** Netlify's own count per address before the service (on Netlify only): requests per window. */
  netlifyFlood: { limit: number; windowSeconds: number };
  /** How many (address hash, pattern, client name) triples the MCP allowance log remembers per process. */
  allowanceLogRemembered: number;
}

export function legalFacts(config: Config): LegalFacts {
  const { pages } = publicUrls(config.siteUrl);
  return {
    siteUrl: config.siteUrl,
    pages,
    operator: config.operator,
    reachable: hasContact(config.operator),
    quotas: rateLimitPolicy(config.rateLimits),
    ipv6Prefix: config.rateLimits.ipv6Prefix,
    logFields: REQUEST_LOG_FIELDS,
    // Relative, as the site's other links: a deploy preview links to its own documents.
    docs: {
      portal: '/',
      openapiJson: PATHS.openapiJson,
      openapiYaml: PATHS.openapiYaml,
      llms: PATHS.llms,
      manifest: PATHS.manifest,
      mcp: PATHS.mcp,
    },
    textDate: LEGAL_TEXT_DATE,
    netlifyFlood: { limit: NETLIFY_FIRST_LINE.windowLimit, windowSeconds: NETLIFY_FIRST_LINE.windowSize },
    allowanceLogRemembered: ALLOWANCE_LOG_REMEMBERED,
  };
}

/**
 * What each field of a request's log line means, in both languages of the privacy policy. A
 * Record over the logger's own list: a field added to the log without a meaning here fails the
 * type check.
 */
export const LOG_FIELD_MEANINGS: Record<(typeof REQUEST_LOG_FIELDS)[number], { 'pt-BR': string; en: string }> = {
  time: { 'pt-BR': 'data e hora', en: 'date and time' },
  level: { 'pt-BR': 'nível da linha (info)', en: "the line's level (info)" },
  msg: { 'pt-BR': '"request", ou que o cliente desistiu antes da resposta', en: '"request", or that the client left before the answer' },
  method: { 'pt-BR': 'método HTTP (GET, POST…)', en: 'HTTP method (GET, POST…)' },
  route: {
    'pt-BR': 'o modelo da rota, como /produtos/*, nunca o caminho pedido',
    en: "the route's template, such as /produtos/*, never the path asked for",
  },
  status: { 'pt-BR': 'código da resposta (200, 404…)', en: 'status code of the answer (200, 404…)' },
  durationMs: { 'pt-BR': 'duração em milissegundos', en: 'duration in milliseconds' },
  catalogVersion: { 'pt-BR': 'versão do catálogo que respondeu', en: 'version of the catalog that answered' },
  aborted: { 'pt-BR': 'presente quando o cliente desistiu', en: 'present when the client left' },
};

/** A duration as a person reads it, in pt-BR or English: "60 segundos", "10 minutos", "1 hour". */
export function duration(seconds: number, lang: 'pt-BR' | 'en'): string {
  const units =
    lang === 'pt-BR'
      ? ([
          [3600, 'hora', 'horas'],
          [60, 'minuto', 'minutos'],
          [1, 'segundo', 'segundos'],
        ] as const)
      : ([
          [3600, 'hour', 'hours'],
          [60, 'minute', 'minutes'],
          [1, 'second', 'seconds'],
        ] as const);
  // The largest unit that divides it exactly: 600 s is "10 minutos", 90 s stays "90 segundos".
  const [size, one, many] = units.find(([size]) => seconds % size === 0 && seconds >= size) ?? units[2];
  const count = seconds / size;
  return `${new Intl.NumberFormat(lang).format(count)} ${count === 1 ? one : many}`;
}

/** A rate's period as a person reads it: "por minuto" for one unit, "a cada 10 minutos" / "per 10 minutes" otherwise. */
export function perPeriod(seconds: number, lang: 'pt-BR' | 'en'): string {
  const [count, ...unit] = duration(seconds, lang).split(' ');
  if (count === '1') return `${lang === 'pt-BR' ? 'por' : 'per'} ${unit.join(' ')}`;
  return `${lang === 'pt-BR' ? 'a cada' : 'per'} ${duration(seconds, lang)}`;
}

/** A date of LEGAL_TEXT_DATE's form as the page's language writes it: "26 de novembro de 2026". */
export function longDate(isoDate: string, lang: 'pt-BR' | 'en'): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * The paths the legal pages name: the pages, for links within the site (relative, so a deploy
 * preview links to its own pages), and the REST API's prefix the privacy policy names.
 */
export const LEGAL_PATHS = { privacy: PATHS.privacy, terms: PATHS.terms, contact: PATHS.contact, api: PATHS.api } as const;
