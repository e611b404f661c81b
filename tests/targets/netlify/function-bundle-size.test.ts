import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMirror, type ServiceBundle, weighServiceBundle } from '../../../bench/support/netlify-bundle.ts';
import { deflatedSize, estimateServiceBundle, SERVICE_BUNDLE_WITHOUT_SNAPSHOT } from '../../../src/netlify-build/bundle-size.ts';

/*
 * The build's size check against the bundle Netlify's bundler really makes: the service Function
 * with the sample snapshot, bundled with netlify.toml's settings (from the run's hard-linked mirror
 * of the project, tests/support/netlify-mirror-setup.ts, so data/ is left alone), unzipped and zipped. The check adds the snapshot to a constant
 * for the rest of the bundle; this keeps the constant honest as dependencies change.
 */
const MiB = 1024 * 1024;
let work: string;
let measured: ServiceBundle;
let snapshotBytes: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'catalog-bundle-size-test-'));
  // The mirror's data/ holds a copy of the sample snapshot.
  snapshotBytes = statSync(inject('sampleSnapshot')).size;
  measured = await weighServiceBundle(await openMirror(inject('netlifyMirror')), work);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the service bundle without its snapshot', () => {
  it('stays within the constant the build check adds (bench/netlify-bundle-size.ts measures it anew)', () => {
    const rest = {
      unzippedBytes: measured.unzippedBytes - snapshotBytes,
      zippedBytes: measured.zippedBytes - measured.snapshotZippedBytes,
    };
    expect(rest.unzippedBytes).toBeLessThanOrEqual(SERVICE_BUNDLE_WITHOUT_SNAPSHOT.unzippedBytes);
    expect(rest.zippedBytes).toBeLessThanOrEqual(SERVICE_BUNDLE_WITHOUT_SNAPSHOT.zippedBytes);
    // Not far below either, or the check would refuse catalogs that fit: within 2 MiB.
    expect(rest.unzippedBytes).toBeGreaterThan(SERVICE_BUNDLE_WITHOUT_SNAPSHOT.unzippedBytes - 2 * MiB);
    expect(rest.zippedBytes).toBeGreaterThan(SERVICE_BUNDLE_WITHOUT_SNAPSHOT.zippedBytes - 2 * MiB);
  });

  it('makes the estimate a close upper bound of the real bundle', () => {
    const deflated = deflatedSize(inject('sampleSnapshot'));
    // The build check deflates the snapshot as the bundler zips it: the same bytes.
    expect(deflated).toBe(measured.snapshotZippedBytes);
    const estimate = estimateServiceBundle(snapshotBytes, deflated);
    for (const kind of ['unzippedBytes', 'zippedBytes'] as const) {
      expect(estimate[kind]).toBeGreaterThanOrEqual(measured[kind]);
      expect(estimate[kind] - measured[kind]).toBeLessThan(2 * MiB);
    }
  });
});
