/**
 * What the service says about itself, in one place: the MCP discovery document, catalog_overview
 * and the public documents all read it, so they cannot disagree. Its paths: paths.ts.
 */
export const SERVICE_NAME = 'catalog-public-service';
export const SERVICE_TITLE = 'Catálogo público: estatísticas e descoberta de produtos';
export const SERVICE_VERSION = '1.0.0';
export const SERVICE_DESCRIPTION =
  'Read-only public interface to a Brazilian online shopping catalog: product and merchant engagement statistics over REST, ' +
  'and product discovery by text, category, city, district or coordinates over MCP.';
/** The same in at most 100 characters: the length the Server Card and the MCP Registry allow. */
export const SERVICE_SUMMARY = 'Find products, prices and nearby stores in a Brazilian shopping catalog. Read-only, no sign-in.';

/** The usage policy of the public contract (interactive lookups only), as the documents list it. */
export const USAGE = {
  allowed: [
    'Interactive, user-requested lookups: a person (or an agent acting for one) asks about products, prices, merchants or stores near them',
  ],
  forbidden: [
    'Enumerating IDs, merchants, categories, locations or search permutations',
    'Mirroring',
    'Bulk ingestion',
    'Resale',
    'Republication',
    'Building training datasets',
    'Evading quotas',
  ],
  higherVolume: 'Higher-volume use needs a separate agreement with the operator.',
} as const;

/** The same policy in one paragraph. */
export const USAGE_POLICY =
  'Interactive, user-requested lookups only. Forbidden: enumerating IDs, merchants, categories, locations or search ' +
  'permutations; mirroring; bulk ingestion; resale; republication; building training datasets; evading quotas. ' +
  `${USAGE.higherVolume} No authentication; public rate limits apply.`;

export const DEFAULT_CITY = { name: 'São Paulo', state: 'SP' } as const;
