import { describe, expect, it } from 'vitest';
import type { CatalogMeta } from '../../catalog-read/catalog-reader.ts';
import type { RequestFacts } from '../../http/answer.ts';
import { createHealthEndpoints } from './health.ts';

const facts = (pathname: string): RequestFacts => ({ method: 'GET', pathname, search: '', client: { address: null }, header: () => null });

describe('/readyz', () => {
  it('names the catalog serving now on every probe, reuses the quota store probe for 5 s, and is degraded, not unready, without a quota store', async () => {
    let version = 'aaaaaaaaaaaaaaaa';
    let clock = 1_000_000;
    let probes = 0;
    let reachable = true;
    const ready = createHealthEndpoints({
      catalog: () => ({
        meta: { catalogVersion: version, generatedAt: new Date(0).toISOString() } as CatalogMeta,
        discovery: { counts: { products: 388 } },
      }),
      probeQuotaStore: async () => {
        probes++;
        return { reachable, ms: 1 };
      },
      now: () => clock,
      logError: () => {},
    });
    const read = async () => {
      const answer = await ready(facts('/readyz'));
      return { status: answer.status, body: JSON.parse(answer.body as string) };
    };
    expect(await read()).toMatchObject({ status: 200, body: { status: 'ready', catalog: { version: 'aaaaaaaaaaaaaaaa', products: 388 } } });
    // A rebuild taken up a second later: the new version at once, the store not asked again.
    version = 'bbbbbbbbbbbbbbbb';
    reachable = false;
    clock += 1_000;
    expect(await read()).toMatchObject({
      status: 200,
      body: { catalog: { version: 'bbbbbbbbbbbbbbbb' }, quotaStore: { reachable: true } },
    });
    expect(probes).toBe(1);
    clock += 5_000;
    expect(await read()).toMatchObject({
      status: 200,
      body: {
        status: 'degraded',
        problems: [],
        degraded: [expect.stringMatching(/memory/)],
        quotaStore: { reachable: false, counting: 'this instance only' },
      },
    });
    expect(probes).toBe(2);
  });

  it('is degraded, not unready, when the catalog has no published products', async () => {
    const ready = createHealthEndpoints({
      catalog: () => ({ meta: { catalogVersion: 'c', generatedAt: new Date(0).toISOString() }, discovery: { counts: { products: 0 } } }),
      probeQuotaStore: null,
      logError: () => {},
    });
    const answer = await ready(facts('/readyz'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body as string)).toMatchObject({
      status: 'degraded',
      problems: [],
      degraded: ['the catalog has no published products: searches and product pages find nothing'],
      catalog: { products: 0 },
    });
  });

  it('is unready only when it cannot serve: no snapshot', async () => {
    const ready = createHealthEndpoints({
      catalog: () => {
        throw new Error('no such file');
      },
      probeQuotaStore: null,
      logError: () => {},
    });
    const answer = await ready(facts('/readyz'));
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body as string)).toMatchObject({ status: 'unready', problems: ['the catalog snapshot cannot be opened'] });
  });
});
