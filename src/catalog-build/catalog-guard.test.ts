import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { catalogRefusal, publishedProductsLive } from './catalog-guard.ts';

const guard = { maxShrinkPercent: 50, force: false };

describe('catalogRefusal', () => {
  it('refuses an empty catalog, with or without one in use', () => {
    expect(catalogRefusal(0, 388, guard)).toBe('the new catalog has no published products (the catalog in use has 388)');
    expect(catalogRefusal(0, null, guard)).toBe('the new catalog has no published products');
  });

  it('refuses a shrink past the bound, and lets one at the bound, growth and a first build through', () => {
    expect(catalogRefusal(10, 388, guard)).toBe(
      'the new catalog has 10 published products against 388 in the catalog in use (97% fewer; CATALOG_MAX_SHRINK_PERCENT is 50)',
    );
    expect(catalogRefusal(194, 388, guard)).toBeNull();
    expect(catalogRefusal(193, 388, guard)).toMatch(/50% fewer/);
    expect(catalogRefusal(500, 388, guard)).toBeNull();
    expect(catalogRefusal(3, null, guard)).toBeNull();
    expect(catalogRefusal(3, 0, guard)).toBeNull();
    expect(catalogRefusal(1, 388, { maxShrinkPercent: 100, force: false })).toBeNull();
  });

  it('refuses nothing when forced', () => {
    expect(catalogRefusal(0, 388, { ...guard, force: true })).toBeNull();
    expect(catalogRefusal(10, 388, { ...guard, force: true })).toBeNull();
  });
});

describe('publishedProductsLive', () => {
  it("reads the live deploy's count from its /readyz, and null from one that does not say it or does not answer", async () => {
    const bodies: Record<string, string> = {
      '/a/readyz': '{"status":"ready","catalog":{"version":"x","products":388}}',
      '/b/readyz': '{"status":"ready","catalog":{"version":"x"}}',
      '/c/readyz': 'not json',
    };
    const server = createServer((req, res) => res.end(bodies[req.url!] ?? '{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await publishedProductsLive(`${base}/a`)).toBe(388);
      expect(await publishedProductsLive(`${base}/b`)).toBeNull();
      expect(await publishedProductsLive(`${base}/c`)).toBeNull();
      expect(await publishedProductsLive('http://127.0.0.1:9')).toBeNull();
    } finally {
      server.close();
    }
  });
});
