import type { Config } from '@netlify/functions';
import { sweepSiteQuotaStores } from '../../src/platform/netlify/site-blobs.ts';

// Blobs has no TTL: quota blobs of past windows are deleted here, one expiry-hour store at a time
// (src/quota/blobs-quota-sweep.ts). Hourly: a store then lives at most about two hours past the
// windows it holds.
export default async (): Promise<Response> => {
  try {
    const swept = await sweepSiteQuotaStores();
    console.log(`[quota] swept ${swept.stores.length} expired quota stores (${swept.blobs} blobs); ${swept.kept} still live`);
    return Response.json(swept);
  } catch (error) {
    // The next run tries again; nothing is lost by waiting.
    console.error('[quota] sweep failed:', error);
    return Response.json({ error: 'sweep failed' }, { status: 500 });
  }
};

export const config: Config = { schedule: '@hourly' };
