import { afterAll, describe, expect, inject, it } from 'vitest';
import { describeLegalPagesContract } from '../../contract/legal-pages-contract.ts';
import { describeProductPagesContract } from '../../contract/pages-contract.ts';
import type { Send } from '../../contract/stats-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';

// The product pages and the legal pages of the self-hosted server (real HTTP against the built site), one server per snapshot.
const servers = new Map<string, Promise<RunningServer>>();
const serverFor = (snapshot: string) => {
  if (!servers.has(snapshot)) servers.set(snapshot, startBuiltServer({ CATALOG_DB: snapshot }));
  return servers.get(snapshot)!;
};
afterAll(async () => {
  await Promise.all([...servers.values()].map(async (server) => (await server).stop()));
});
const send =
  (snapshot: string): Send =>
  async (path, init) =>
    fetch((await serverFor(snapshot)).baseUrl + path, init);

describeProductPagesContract('self-hosted', send);
describeLegalPagesContract('self-hosted', () => send(inject('sampleSnapshot')));

describe('the rest of the site (self-hosted)', () => {
  it("answers the 404 page at the pages' own folder, as the CDN does on Netlify", async () => {
    const response = await send(inject('sampleSnapshot'))('/produtos/');
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/Página não encontrada/);
  });
});
