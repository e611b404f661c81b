import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleSizeProblem,
  deflatedSize,
  estimateServiceBundle,
  estimateServiceBundleFor,
  NETLIFY_FUNCTION_LIMITS,
  needsZippedSize,
  SERVICE_BUNDLE_WITHOUT_SNAPSHOT,
} from './bundle-size.ts';

const MiB = 1024 * 1024;

/*
 * The figures of bench/netlify-bundle-size.ts (docs/benchmarks.md): snapshot bytes and the
 * snapshot's own zipped bytes at 200,000, 300,000 and 1,000,000 generated products.
 */
const MEASURED = {
  200000: { snapshot: 109.1 * MiB, zipped: 38.5 * MiB },
  300000: { snapshot: 163.8 * MiB, zipped: 57.7 * MiB },
  1000000: { snapshot: 552.2 * MiB, zipped: 195.9 * MiB },
};

describe('the service bundle against Netlify limits', () => {
  it('states the limits: 250 MB unzipped, 50 MB zipped (MiB, as AWS Lambda counts them)', () => {
    expect(NETLIFY_FUNCTION_LIMITS).toEqual({ unzippedBytes: 262_144_000, zippedBytes: 52_428_800 });
  });

  it('lets a catalog of 200,000 generated products through', () => {
    const { snapshot, zipped } = MEASURED[200_000];
    const estimate = estimateServiceBundle(snapshot, zipped);
    expect(estimate).toMatchObject({ fitsUnzipped: true, fitsZipped: true });
    expect(estimate.unzippedBytes).toBe(snapshot + SERVICE_BUNDLE_WITHOUT_SNAPSHOT.unzippedBytes);
    expect(bundleSizeProblem(estimate)).toBeNull();
  });

  it('refuses 300,000 on the zipped limit, with the figures', () => {
    const { snapshot, zipped } = MEASURED[300_000];
    const estimate = estimateServiceBundle(snapshot, zipped);
    expect(estimate).toMatchObject({ fitsUnzipped: true, fitsZipped: false });
    expect(bundleSizeProblem(estimate)).toBe(
      'the catalog snapshot (163.8 MB) does not fit in a Netlify Function: the service bundle would be 61.7 MB zipped (limit 50.0 MB). ' +
        'Serve this catalog self-hosted (npm start), or deploy a smaller export; see docs/operations.md#catalog-size-on-netlify.',
    );
  });

  it('refuses 1,000,000 on the unzipped limit without deflating the snapshot', () => {
    const estimate = estimateServiceBundle(MEASURED[1_000_000].snapshot, null);
    expect(estimate).toMatchObject({ fitsUnzipped: false, fitsZipped: false });
    expect(bundleSizeProblem(estimate)).toBe(
      'the catalog snapshot (552.2 MB) does not fit in a Netlify Function: the service bundle would be 562.2 MB unzipped (limit 250.0 MB). ' +
        'Serve this catalog self-hosted (npm start), or deploy a smaller export; see docs/operations.md#catalog-size-on-netlify.',
    );
  });

  it('names both limits when both are passed and the zipped size was measured', () => {
    const { snapshot, zipped } = MEASURED[1_000_000];
    expect(bundleSizeProblem(estimateServiceBundle(snapshot, zipped))).toContain(
      '562.2 MB unzipped (limit 250.0 MB) and 199.9 MB zipped (limit 50.0 MB)',
    );
  });

  it('decides at the limits themselves: equal fits, one byte more does not', () => {
    const rest = { unzippedBytes: 1000, zippedBytes: 100 };
    const limits = { unzippedBytes: 5000, zippedBytes: 600 };
    expect(estimateServiceBundle(4000, 500, rest, limits)).toMatchObject({ fitsUnzipped: true, fitsZipped: true });
    expect(estimateServiceBundle(4001, 501, rest, limits)).toMatchObject({ fitsUnzipped: false, fitsZipped: false });
  });

  it('without a measured zipped size, counts the snapshot as incompressible and says "up to"', () => {
    const estimate = estimateServiceBundle(60 * MiB, null);
    expect(estimate.fitsUnzipped).toBe(true);
    expect(estimate.zippedBytes).toBeGreaterThan(60 * MiB + SERVICE_BUNDLE_WITHOUT_SNAPSHOT.zippedBytes);
    expect(bundleSizeProblem(estimate)).toContain('would be up to 64.1 MB zipped (limit 50.0 MB)');
  });

  it('deflates the snapshot only when that can decide', () => {
    // Small enough to fit zipped even incompressible: no deflate needed.
    expect(needsZippedSize(40 * MiB)).toBe(false);
    expect(needsZippedSize(48 * MiB)).toBe(true);
    expect(needsZippedSize(200 * MiB)).toBe(true);
  });
});

describe('the snapshot on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('deflates a file as the bundler zips it (zlib level 1)', () => {
    const file = join(dir, 'text.bin');
    const content = Buffer.from('Geladeira Frost Free 400 litros, Fogão 5 bocas, Smart TV 55 polegadas\n'.repeat(5000));
    writeFileSync(file, content);
    expect(deflatedSize(file)).toBe(deflateRawSync(content, { level: 1 }).length);
    expect(deflatedSize(file)).toBeLessThan(content.length / 10);
  });

  it('estimates a small snapshot without reading it whole', () => {
    const file = join(dir, 'small.sqlite');
    writeFileSync(file, Buffer.alloc(1024 * 1024, 1));
    const estimate = estimateServiceBundleFor(file);
    expect(estimate.snapshotZippedBytes).toBeNull();
    expect(estimate).toMatchObject({ snapshotBytes: MiB, fitsUnzipped: true, fitsZipped: true });
  });

  it('measures the zipped size of a snapshot that could pass the zipped limit, and lets a compressible one through', () => {
    const file = join(dir, 'large.sqlite');
    // 60 MB of a repeated page: incompressible it would not fit zipped; deflated it does.
    writeFileSync(file, Buffer.alloc(60 * MiB, 'catalogo '));
    const estimate = estimateServiceBundleFor(file);
    expect(estimate.snapshotZippedBytes).toBeGreaterThan(0);
    expect(estimate.snapshotZippedBytes).toBeLessThan(MiB);
    expect(bundleSizeProblem(estimate)).toBeNull();
  });
});
