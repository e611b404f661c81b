import { getStore, listStores } from '@netlify/blobs';
import type { OpenBlobs } from '../../quota/blobs-quota-store.ts';
import { type SweepResult, sweepQuotaStores } from '../../quota/blobs-quota-sweep.ts';

/** The site's Blobs stores on Netlify, strongly consistent, shared by every instance. */
export const openSiteStore: OpenBlobs = (name) => getStore({ name, consistency: 'strong' });

/** Netlify, on a schedule: deletes the site's expiry-hour quota stores that are past. */
export function sweepSiteQuotaStores(now = Date.now()): Promise<SweepResult> {
  return sweepQuotaStores({ open: openSiteStore, storeNames: async () => (await listStores()).stores }, { now });
}
