import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { recordSnapshotPrices } from '../../src/price-history/history-store.ts';
import { validFixture, writeExport } from './fixture-export.ts';

/**
 * A build command's part of the price history, as `npm run build` does it: the fixture export as
 * of `asOf` (its first product at `priceCents`), built into a folder of `dir` reading the history
 * at `file`, then its prices recorded there.
 */
export async function buildAndRecord(dir: string, file: string, asOf: string, priceCents = validFixture().products[0]!.priceCents) {
  const fixture = validFixture();
  fixture.products[0]!.priceCents = priceCents;
  const work = mkdtempSync(join(dir, 'build-'));
  const exportDir = writeExport(fixture, {}, { dir: join(work, 'export') });
  writeFileSync(join(exportDir, 'export.json'), JSON.stringify({ asOf: `${asOf}T12:00:00Z` }));
  const built = await buildSnapshot({
    sourceDir: exportDir,
    outFile: join(work, 'catalog.sqlite'),
    priceHistory: { store: file, keepDays: 400, reset: false },
  });
  if (!built.ok) throw new Error(JSON.stringify(built.issues));
  recordSnapshotPrices({ store: file, keepDays: 400 }, built.outFile);
}
