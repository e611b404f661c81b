import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName as fresh, useBlobsServer } from '../../tests/support/blobs-server.ts';
import { type BlobsLike, BlobsQuotaStore, bucketStoreName } from './blobs-quota-store.ts';

/** The Netlify Blobs store beyond the semantics every store shares (quota-store.test.ts). */
const dir = mkdtempSync(join(tmpdir(), 'blobs-quota-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blobs = useBlobsServer(join(dir, 'blobs'));
/** A window's end, as the shared-semantics suite gives it (a fixed time: the keys name their window). */
const later = () => Date.UTC(2026, 0, 1) + 60_000;

/**
 * A Blobs store whose onlyIfNew is atomic, as Netlify documents for its service, with every call
 * delayed at random: what several function instances racing on the real service look like.
 */
function atomicBlobs(): BlobsLike {
  const data = new Map<string, string>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
  return {
    get: (async (key: string) => {
      await pause();
      return data.get(key) ?? null;
    }) as BlobsLike['get'],
    set: async (key, value, options) => {
      await pause();
      if (options?.onlyIfNew && data.has(key)) return { modified: false };
      data.set(key, String(value));
      return { modified: true };
    },
    list: (async (options?: { prefix?: string }) => {
      await pause();
      return {
        blobs: [...data.keys()].filter((k) => k.startsWith(options?.prefix ?? '')).map((key) => ({ key, etag: '' })),
        directories: [],
      };
    }) as unknown as BlobsLike['list'],
    deleteAll: async () => {
      const deletedBlobs = data.size;
      data.clear();
      return { deletedBlobs };
    },
  };
}

describe('quota store: Netlify Blobs across instances', () => {
  it('admits exactly the limit when 8 instances race 200 uses, given an atomic onlyIfNew', async () => {
    const shared = atomicBlobs();
    const instances = Array.from({ length: 8 }, () => new BlobsQuotaStore(() => shared));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => instances[i % 8]!.take('rest:i:1', 23, later())));
    expect(results.filter((r) => r.allowed)).toHaveLength(23);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.used)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  it('admits exactly the limit on the local BlobsServer when fresh instances take turns (as NetlifyDev runs a function)', async () => {
    const name = `quota-${fresh()}`;
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await new BlobsQuotaStore(blobs.store, { name }).take('rest:j:1', 11, later())).allowed) allowed += 1;
    expect(allowed).toBe(11);
  });
});

describe('quota store: Netlify Blobs expiry (no TTL: whole stores by expiry hour)', () => {
  it('puts each key in the store of the hour by which it has expired', () => {
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 17, 1))).toBe('quotas-until-2026-11-22T18');
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 18, 0))).toBe('quotas-until-2026-11-22T18');
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 23, 50))).toBe('quotas-until-2026-11-23T00');
  });
});
