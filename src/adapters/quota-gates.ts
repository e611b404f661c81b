import type { Config } from '../config/config.ts';
import { BlobsQuotaStore } from '../quota/blobs-quota-store.ts';
import { FallbackQuotaStore } from '../quota/fallback-quota-store.ts';
import { LocalQuotaStore } from '../quota/local-quota-store.ts';
import { createQuotaGate, type QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaStore } from '../quota/quota-store.ts';
import { openSiteStore } from './site-blobs.ts';

/** A Blobs use that does not answer within this is counted in per-instance memory instead. */
const BLOBS_TIMEOUT_MS = 250;
/** How long a process waits for another's lock on the quota file before counting in memory. */
const FILE_BUSY_TIMEOUT_MS = 200;

const log = (message: string) => console.error('[quota]', message);

function gate(config: Config, open: () => QuotaStore, timeoutMs: number | null): QuotaGate | null {
  if (!config.rateLimits.enabled) return null;
  return createQuotaGate(config.rateLimits, new FallbackQuotaStore(open(), { timeoutMs, log }));
}

/** Self-hosted: the quota file (RATE_LIMIT_DB), shared by every process of this machine. */
export function localQuotaGate(config: Config): QuotaGate | null {
  // Its latency is bounded by SQLite's busy timeout: no timer per use.
  return gate(config, () => new LocalQuotaStore(config.rateLimits.localStore, { busyTimeoutMs: FILE_BUSY_TIMEOUT_MS }), null);
}

/** Netlify: the site's "quotas" Blobs stores (the salt, and one store per expiry hour). */
export function blobsQuotaGate(config: Config): QuotaGate | null {
  return gate(config, () => new BlobsQuotaStore(openSiteStore), BLOBS_TIMEOUT_MS);
}
