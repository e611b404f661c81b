import { readFileSync, statSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';

/**
 * Whether the `service` Function's bundle, the snapshot inside, stays within Netlify's limits on
 * one function: checked by `npm run build` on Netlify, after the catalog step, so that a catalog
 * too large fails the build with its figures instead of failing the deploy later.
 */

const MiB = 1024 * 1024;

/**
 * Netlify's limits on one function bundle (sources in docs/operations.md, "Catalog size on
 * Netlify"): 250 MB unzipped
 * (262,144,000 bytes, the figure of AWS Lambda's "Unzipped size must be smaller than" error) and
 * 50 MB zipped (52,428,800 bytes).
 */
export const NETLIFY_FUNCTION_LIMITS = { unzippedBytes: 250 * MiB, zippedBytes: 50 * MiB } as const;

/**
 * The `service` bundle without its snapshot, as Netlify's bundler makes it with netlify.toml's
 * settings: the function, the modules it imports, better-sqlite3's Linux x64 binary and Astro's
 * server build with the MCP Apps views in it. Measured by bench/netlify-bundle-size.ts (docs/benchmarks.md, "Netlify Function
 * bundle against the catalog's size"), rounded up to the next MiB so that the estimate errs on
 * the safe side; tests/targets/netlify/function-bundle-size.test.ts fails when the real bundle outgrows it.
 */
export const SERVICE_BUNDLE_WITHOUT_SNAPSHOT = { unzippedBytes: 10 * MiB, zippedBytes: 4 * MiB } as const;

export interface BundleEstimate {
  snapshotBytes: number;
  /** The snapshot deflated as Netlify's bundler zips it (null: not measured, it cannot matter). */
  snapshotZippedBytes: number | null;
  unzippedBytes: number;
  /** An upper bound when the snapshot's own deflated size was not measured. */
  zippedBytes: number;
  fitsUnzipped: boolean;
  fitsZipped: boolean;
}

/** Deflate grows incompressible data by about 0.03% at most (zlib's deflateBound); with room for the zip entry's headers. */
const DEFLATE_WORST_CASE = (bytes: number) => Math.ceil(bytes * 1.001) + 1024;

/**
 * The bundle's sizes from the snapshot's: the rest of the bundle is a constant, the snapshot is
 * one file of the archive (a zip compresses each file apart, so sizes add up).
 */
export function estimateServiceBundle(
  snapshotBytes: number,
  snapshotZippedBytes: number | null,
  rest: { unzippedBytes: number; zippedBytes: number } = SERVICE_BUNDLE_WITHOUT_SNAPSHOT,
  limits: { unzippedBytes: number; zippedBytes: number } = NETLIFY_FUNCTION_LIMITS,
): BundleEstimate {
  const unzippedBytes = rest.unzippedBytes + snapshotBytes;
  const zippedBytes = rest.zippedBytes + (snapshotZippedBytes ?? DEFLATE_WORST_CASE(snapshotBytes));
  return {
    snapshotBytes,
    snapshotZippedBytes,
    unzippedBytes,
    zippedBytes,
    fitsUnzipped: unzippedBytes <= limits.unzippedBytes,
    fitsZipped: zippedBytes <= limits.zippedBytes,
  };
}

/** Whether the deflated size of the snapshot is worth measuring: only when even incompressible it would not fit zipped. */
export function needsZippedSize(
  snapshotBytes: number,
  rest: { zippedBytes: number } = SERVICE_BUNDLE_WITHOUT_SNAPSHOT,
  limits: { zippedBytes: number } = NETLIFY_FUNCTION_LIMITS,
): boolean {
  return rest.zippedBytes + DEFLATE_WORST_CASE(snapshotBytes) > limits.zippedBytes;
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;

/** The build's refusal, with the figures; null when the bundle fits. */
export function bundleSizeProblem(estimate: BundleEstimate, limits = NETLIFY_FUNCTION_LIMITS): string | null {
  if (estimate.fitsUnzipped && estimate.fitsZipped) return null;
  const measured = estimate.snapshotZippedBytes !== null;
  const over = [
    estimate.fitsUnzipped ? null : `${mb(estimate.unzippedBytes)} unzipped (limit ${mb(limits.unzippedBytes)})`,
    // Past the unzipped limit the snapshot is not deflated (not worth the time): no zipped figure then.
    estimate.fitsZipped || (!measured && !estimate.fitsUnzipped)
      ? null
      : `${measured ? '' : 'up to '}${mb(estimate.zippedBytes)} zipped (limit ${mb(limits.zippedBytes)})`,
  ].filter((part) => part !== null);
  return (
    `the catalog snapshot (${mb(estimate.snapshotBytes)}) does not fit in a Netlify Function: the service bundle would be ` +
    `${over.join(' and ')}. Serve this catalog self-hosted (npm start), or deploy a smaller export; see docs/operations.md#catalog-size-on-netlify.`
  );
}

/**
 * The size of a file deflated as Netlify's bundler zips it: archiver's zip entries are deflated at
 * zlib level 1 (compress-commons' ZipArchiveOutputStream uses Z_BEST_SPEED when no level is given).
 * In one piece, synchronously: deflate's output does not depend on how its input is cut, and the
 * build deflates at most a snapshot under the unzipped limit (seconds: docs/benchmarks.md, "Netlify
 * Function bundle against the catalog's size").
 */
export function deflatedSize(file: string): number {
  return deflateRawSync(readFileSync(file), { level: 1 }).length;
}

/**
 * Estimates the service bundle for the snapshot at `snapshotPath`. The snapshot is deflated only
 * when that can decide: not when it would fit even incompressible, nor when it is already past the
 * unzipped limit.
 */
export function estimateServiceBundleFor(snapshotPath: string): BundleEstimate {
  const snapshotBytes = statSync(snapshotPath).size;
  const unzippedFits = estimateServiceBundle(snapshotBytes, null).fitsUnzipped;
  const zipped = unzippedFits && needsZippedSize(snapshotBytes) ? deflatedSize(snapshotPath) : null;
  return estimateServiceBundle(snapshotBytes, zipped);
}
