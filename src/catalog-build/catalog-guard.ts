import { openCatalog } from '../catalog-read/catalog-reader.ts';

/**
 * What a build refuses to put live: a catalog with no published products, or one that lost more
 * than a bound of the published products of the catalog in use (a cut or half-written export
 * builds cleanly: every line it has is valid). The operator who means it forces one build.
 */
export interface CatalogGuard {
  /** CATALOG_MAX_SHRINK_PERCENT: refused when more than this many percent of the products are gone. */
  maxShrinkPercent: number;
  /** CATALOG_FORCE=on: nothing is refused. */
  force: boolean;
}

/** How the operator puts such a catalog live anyway, said after every refusal. */
export const FORCE_HINT = 'If this catalog is meant, build again with CATALOG_FORCE=on (for that one build).';

/** Why the new catalog must not go live, or null; `inUse` is null when there is no catalog to compare with. */
export function catalogRefusal(next: number, inUse: number | null, guard: CatalogGuard): string | null {
  if (guard.force) return null;
  const against = inUse === null ? '' : ` (the catalog in use has ${inUse})`;
  if (next === 0) return `the new catalog has no published products${against}`;
  if (inUse === null || inUse === 0 || next >= inUse) return null;
  const lost = ((inUse - next) / inUse) * 100;
  if (lost <= guard.maxShrinkPercent) return null;
  return (
    `the new catalog has ${next} published products against ${inUse} in the catalog in use ` +
    `(${Math.floor(lost)}% fewer; CATALOG_MAX_SHRINK_PERCENT is ${guard.maxShrinkPercent})`
  );
}

/** The published products of a snapshot file; null when there is none or it cannot be opened (a first build). */
export function publishedProductsOf(file: string): number | null {
  let catalog: ReturnType<typeof openCatalog>;
  try {
    catalog = openCatalog(file, { memoryMap: false });
  } catch {
    return null;
  }
  try {
    return catalog.discovery.counts.products;
  } finally {
    catalog.close();
  }
}

/**
 * The published products the live deploy serves, from its /readyz (a Netlify build has no
 * snapshot of the previous deploy on disk: the deploy it replaces is the reference). Null when it
 * does not answer in time or says no count (a first deploy, or one from before the count).
 */
export async function publishedProductsLive(siteUrl: string, fetcher: typeof fetch = fetch, timeoutMs = 10_000): Promise<number | null> {
  try {
    const response = await fetcher(`${siteUrl}/readyz`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as { catalog?: { products?: unknown } | null };
    const products = body.catalog?.products;
    return typeof products === 'number' && Number.isSafeInteger(products) && products >= 0 ? products : null;
  } catch {
    return null;
  }
}
