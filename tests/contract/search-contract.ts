import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchOutput, SearchOutputSchema } from '../../src/search/local/local-search-schema.ts';
import { makeCursor, SEARCH_DEPTH, searchDigest } from '../../src/search/local/search-cursor.ts';
import { connectSdkClient, type Fetch, rpc, type SdkClient } from './mcp-contract.ts';

/**
 * search_local_products as a shopper's agent uses it (issue 31; docs/api.md, "Search"): price
 * ranges, budgets and order read from the words, brands, orders, pages by cursor, and the
 * refusals, through the official SDK client over the target's HTTP. `cursorSecret`: the target's
 * CURSOR_SECRET, with which the test signs cursors only the server could make.
 */
export function describeSearchContract(name: string, target: () => Fetch, cursorSecret: string) {
  describe(`search_local_products filters, orders and pages: ${name}`, () => {
    let client: SdkClient;
    beforeAll(async () => {
      client = await connectSdkClient(target(), 'v2');
    });
    afterAll(async () => {
      await client?.close();
    });
    const search = async (args: Record<string, unknown>): Promise<{ output: SearchOutput; isError: boolean }> => {
      const result = await client.callTool({ name: 'search_local_products', arguments: args });
      return { output: SearchOutputSchema.parse(result.structuredContent), isError: result.isError === true };
    };
    const prices = (output: SearchOutput) => output.results.map((r) => Number(r.price.amount));

    it('keeps to a price range given as arguments, and echoes it', async () => {
      const { output, isError } = await search({ query: 'fone', minPrice: 100, maxPrice: 400 });
      expect(isError).toBe(false);
      expect(output.results.length).toBeGreaterThan(0);
      for (const price of prices(output)) expect(price >= 100 && price <= 400, String(price)).toBe(true);
      expect(output.filters.price).toEqual({ min: 100, max: 400, source: 'arguments' });
      const wider = await search({ query: 'fone' });
      expect(wider.output.total.value).toBeGreaterThan(output.total.value);
    });

    it('reads a budget and an order from Portuguese words, says so, and lets arguments win', async () => {
      const budget = await search({ query: 'fone até 300 reais' });
      expect(budget.output.filters).toMatchObject({
        terms: ['fone'],
        price: { min: null, max: 300, source: 'query' },
        readFromQuery: ['até 300 reais'],
      });
      expect(budget.output.results.length).toBeGreaterThan(0);
      for (const price of prices(budget.output)) expect(price).toBeLessThanOrEqual(300);
      const cheapest = await search({ query: 'fone mais barato' });
      expect(cheapest.output.filters.sort).toEqual({ value: 'price_asc', source: 'query' });
      expect(prices(cheapest.output)).toEqual([...prices(cheapest.output)].sort((a, b) => a - b));
      const argumentsWin = await search({ query: 'fone até 300 reais mais barato', maxPrice: 2000, sort: 'price_desc' });
      expect(argumentsWin.output.filters.price).toEqual({ min: null, max: 2000, source: 'arguments' });
      expect(argumentsWin.output.filters.sort).toEqual({ value: 'price_desc', source: 'arguments' });
      expect(prices(argumentsWin.output)).toEqual([...prices(argumentsWin.output)].sort((a, b) => b - a));
      expect(Math.max(...prices(argumentsWin.output))).toBeGreaterThan(300);
    });

    it('filters by brand, accents and case aside, and names the brands when one is unknown', async () => {
      const { output } = await search({ query: 'fone', brand: 'jbl' });
      expect(output.filters.brand).toEqual({ name: 'JBL' });
      expect(output.results.length).toBeGreaterThan(0);
      for (const r of output.results) expect(r.brand).toBe('JBL');
      const unknown = await search({ query: 'fone', brand: 'Marca Que Não Existe' });
      expect(unknown.isError).toBe(true);
      expect(unknown.output.message).toMatch(/^No brand named "Marca Que Não Existe".*Brands with the most products: /);
    });

    it('orders by price, popularity and distance (from the coordinates, or from a district’s centre)', async () => {
      const asc = await search({ sort: 'price_asc', limit: 10 });
      expect(prices(asc.output)).toEqual([...prices(asc.output)].sort((a, b) => a - b));
      const desc = await search({ sort: 'price_desc', limit: 10 });
      expect(prices(desc.output)).toEqual([...prices(desc.output)].sort((a, b) => b - a));
      expect(prices(desc.output)[0]).toBeGreaterThan(prices(asc.output)[0]!);
      const near = await search({ latitude: -23.5614, longitude: -46.6559, radiusKm: 20, sort: 'distance' });
      const km = near.output.results.map((r) => r.store.distanceKm!);
      expect(km.length).toBeGreaterThan(1);
      expect(km).toEqual([...km].sort((a, b) => a - b));
      const district = await search({ district: 'Pinheiros', sort: 'distance' });
      for (const r of district.output.results) expect(r.store.district).toBe('Pinheiros');
      expect(district.output.ordering).toMatch(/from the centre of Pinheiros/);
    });

    it('pages by cursor in the same order, with no repeats and no gaps, and stops at the depth', async () => {
      const walk = async (limit: number) => {
        const ids: number[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 60; page++) {
          const { output, isError } = await search({ sort: 'popularity', limit, ...(cursor ? { cursor } : {}) });
          expect(isError, output.message).toBe(false);
          expect(output.filters.offset).toBe(ids.length);
          for (const r of output.results) expect(r.imageUrl).toMatch(/^https?:\/\//);
          ids.push(...output.results.map((r) => r.productId));
          if (output.nextCursor === null) return { ids, total: output.total.value };
          cursor = output.nextCursor;
        }
        throw new Error('the pages did not end');
      };
      const byFour = await walk(4);
      expect(byFour.total).toBeGreaterThan(SEARCH_DEPTH);
      expect(byFour.ids).toHaveLength(SEARCH_DEPTH);
      expect(new Set(byFour.ids).size).toBe(SEARCH_DEPTH);
      expect((await walk(10)).ids).toEqual(byFour.ids);
    });

    it("reads a budget and a price order in the research search's query too", async () => {
      const research = await connectSdkClient(target(), 'v2', '/mcp/research');
      try {
        const text = async (name: string, args: Record<string, unknown>) =>
          JSON.parse(((await research.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text);
        const { results } = await text('search', { query: 'fone até 300 reais mais barato' });
        expect(results.length).toBeGreaterThan(1);
        const cents: number[] = [];
        for (const { id } of results) cents.push((await text('fetch', { id })).metadata.priceCents);
        for (const c of cents) expect(c).toBeLessThanOrEqual(30_000);
        expect(cents).toEqual([...cents].sort((a, b) => a - b));
      } finally {
        await research.close();
      }
    });

    it('refuses a bad price range, an unknown sort, and forged, foreign, stale and too-deep cursors, with what to do', async () => {
      const range = await search({ query: 'fone', minPrice: 500, maxPrice: 100 });
      expect(range.isError).toBe(true);
      expect(range.output.message).toMatch(/minPrice \(500\) is more than maxPrice \(100\)/);
      const sort = await rpc(target(), {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_local_products', arguments: { query: 'fone', sort: 'cheapest' } },
      });
      expect(sort.response.status).toBe(200);
      expect(JSON.stringify(sort.json.error ?? sort.json.result)).toMatch(/sort.*relevance.*price_asc.*price_desc.*distance.*popularity/s);

      const first = await search({ query: 'fone', limit: 2 });
      const cursor = first.output.nextCursor!;
      expect(cursor).toEqual(expect.any(String));
      const [payload, signature] = cursor.split('.');
      const flipped = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const forged of [flipped, 'abc', `${Buffer.from(JSON.stringify(['x', 'y', 2])).toString('base64url')}.AAAA`, cursor.repeat(2)]) {
        const answer = await search({ query: 'fone', limit: 2, cursor: forged });
        expect(answer.isError, forged).toBe(true);
        expect(answer.output.message).toMatch(/Search again without cursor/);
        expect(answer.output.results).toEqual([]);
      }
      const foreign = await search({ query: 'fone', limit: 3, cursor });
      expect(foreign).toMatchObject({
        isError: true,
        output: { message: expect.stringMatching(/^This cursor belongs to a search with other arguments/) },
      });
      // Signed with the target's secret for another catalog version: one from before a rebuild.
      const searched = { search: searchDigest({ query: 'fone', limit: 2 }) };
      const stale = makeCursor(cursorSecret, { catalogVersion: '0000000000000000', ...searched, offset: 2 });
      const old = await search({ query: 'fone', limit: 2, cursor: stale });
      expect(old).toMatchObject({ isError: true, output: { message: expect.stringMatching(/earlier version of the catalog/) } });
      // The server's own cursor with another version put in under its signature: not one it made.
      const renamed = `${Buffer.from(JSON.stringify(['0000000000000000', JSON.parse(Buffer.from(payload!, 'base64url').toString())[1], 2])).toString('base64url')}.${signature}`;
      expect(await search({ query: 'fone', limit: 2, cursor: renamed })).toMatchObject({
        isError: true,
        output: { message: expect.stringMatching(/^This cursor is not one this search made/) },
      });

      // A cursor past the depth, signed with the target's own secret and catalog version: still refused.
      const deep = makeCursor(cursorSecret, { catalogVersion: first.output.catalogVersion, ...searched, offset: SEARCH_DEPTH });
      const tooDeep = await search({ query: 'fone', limit: 2, cursor: deep });
      expect(tooDeep).toMatchObject({ isError: true, output: { message: expect.stringMatching(/^Pages stop at 50 results per search/) } });
      // The same key and search at a depth within bounds is a page: the refusal above is the depth's.
      const within = makeCursor(cursorSecret, { catalogVersion: first.output.catalogVersion, ...searched, offset: 2 });
      expect((await search({ query: 'fone', limit: 2, cursor: within })).isError).toBe(false);
    });
  });
}
