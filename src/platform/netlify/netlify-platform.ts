import type { Platform } from '../../app/platform.ts';
import { publicCacheControl } from '../../http/caching.ts';
import { BlobsQuotaStore } from '../../quota/blobs-quota-store.ts';
import { openSiteStore } from './site-blobs.ts';

/** A Blobs use that does not answer within this is counted in per-instance memory instead. */
const BLOBS_TIMEOUT_MS = 250;

/**
 * Netlify Functions: quotas in the site's Blobs stores, public host names (no loopback Host check),
 * and Netlify's CDN, which reads its own cache headers: answers with one client's quota fields
 * are never shared; the showcase is kept in the durable cache, one answer per limit.
 */
export const netlifyPlatform: Platform = {
  quotaStore: () => ({ store: new BlobsQuotaStore(openSiteStore), timeoutMs: BLOBS_TIMEOUT_MS }),
  checkHost: false,
  // A function instance may be frozen once its answer is sent: each line is written before that.
  logOutput: 'sync',
  cdn: {
    perClient: { 'Netlify-CDN-Cache-Control': 'no-store' },
    shared: (cache, query) => ({
      'Netlify-CDN-Cache-Control': publicCacheControl(cache).replace('public, ', 'public, durable, '),
      // A deploy invalidates every cached answer already; the tag lets an operator purge them between deploys.
      'Netlify-Cache-Tag': 'catalog',
      ...(query.length > 0 ? { 'Netlify-Vary': `query=${query.join('|')}` } : {}),
    }),
  },
};
