import { copyFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { loadConfig } from '../../src/config/config.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';
import { connectSdkClient } from '../contract/mcp-contract.ts';
import { generousQuotas } from '../support/quota-env.ts';
import { describeRedis } from '../support/redis-server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

/*
 * Search cursors outlive a rebuild of the same content and cross instances that share a secret
 * (docs/operations.md, "Search cursors"): the sample export built twice into two real snapshot
 * files, each served by apps of their own (in this process, as the Netlify Function and the Astro
 * route run it), asked through the official SDK client and the UCP REST binding.
 */
const SECRET = 'a cursor secret every instance is given (32+)';
const NOT_OURS = /^This cursor is not one this search made/;
const ARGS = { query: 'fone', limit: 2 };

let dir: string;
/** Two builds of data/sample: other files, other generation times, one content. */
const snapshots: string[] = [];
const apps: App[] = [];

beforeAll(async () => {
  dir = testTempDir('search-cursors-');
  for (const [i, at] of ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'].entries()) {
    const built = await buildSnapshot({ sourceDir: 'data/sample', outFile: join(dir, `build-${i}.sqlite`), now: () => new Date(at) });
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    snapshots.push(built.outFile);
  }
}, 120_000);
afterAll(() => {
  for (const app of apps) app.close();
});

/** An instance: the app on a snapshot with these settings (quotas off unless they say otherwise). */
const instance = (catalogDb: string, env: Record<string, string>): App => {
  const app = createApp(loadConfig({ RATE_LIMITS: 'off', LOG_LEVEL: 'silent', ...env, CATALOG_DB: catalogDb }), nodePlatform());
  apps.push(app);
  return app;
};

/** search_local_products through the official SDK client. */
async function search(app: App, args: Record<string, unknown>) {
  const client = await connectSdkClient((request) => app.fetch(request), 'v2');
  try {
    const result = await client.callTool({ name: 'search_local_products', arguments: args });
    const output = result.structuredContent as { results: { productId: number }[]; nextCursor: string | null; message: string };
    return {
      isError: result.isError === true,
      ids: output.results.map((r) => r.productId),
      nextCursor: output.nextCursor,
      message: output.message,
    };
  } finally {
    await client.close();
  }
}

/** UCP's catalog search (REST binding). */
async function ucpSearch(app: App, cursor?: string) {
  const response = await app.fetch(
    new Request('http://localhost/ucp/catalog/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'fone', pagination: { limit: 2, ...(cursor === undefined ? {} : { cursor }) } }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    ucp: { status?: string };
    products?: { id: string }[];
    pagination?: { cursor?: string };
    messages?: { content: string }[];
  };
}

describe('search cursors across builds and instances (CURSOR_SECRET)', () => {
  it('builds one catalog version from one content: the two snapshots differ only in their file and time', () => {
    const versions = snapshots.map((file) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare("SELECT value FROM meta WHERE key = 'catalog_version'").pluck().get();
      } finally {
        db.close();
      }
    });
    expect(versions[0]).toEqual(expect.any(String));
    expect(versions[1]).toBe(versions[0]);
  });

  it("takes a cursor made on the first build's instance on the second build's, with the same secret; another secret refuses it", async () => {
    const first = instance(snapshots[0]!, { CURSOR_SECRET: SECRET });
    const second = instance(snapshots[1]!, { CURSOR_SECRET: SECRET });
    const page1 = await search(first, ARGS);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const here = await search(first, { ...ARGS, cursor: page1.nextCursor });
    const there = await search(second, { ...ARGS, cursor: page1.nextCursor });
    expect(there).toMatchObject({ isError: false, ids: here.ids });
    expect(there.ids).toHaveLength(2);
    expect(there.ids.some((id) => page1.ids.includes(id))).toBe(false);

    const stranger = instance(snapshots[1]!, { CURSOR_SECRET: `another ${SECRET}` });
    expect(await search(stranger, { ...ARGS, cursor: page1.nextCursor })).toMatchObject({
      isError: true,
      message: expect.stringMatching(NOT_OURS),
    });
  });

  it('pages UCP search across the two instances the same way', async () => {
    const first = instance(snapshots[0]!, { CURSOR_SECRET: SECRET });
    const second = instance(snapshots[1]!, { CURSOR_SECRET: SECRET });
    const page1 = await ucpSearch(first);
    const cursor = page1.pagination!.cursor!;
    const here = await ucpSearch(first, cursor);
    const there = await ucpSearch(second, cursor);
    expect(there.ucp.status).not.toBe('error');
    expect(there.products!.map((p) => p.id)).toEqual(here.products!.map((p) => p.id));
    const stranger = await ucpSearch(instance(snapshots[1]!, { CURSOR_SECRET: `another ${SECRET}` }), cursor);
    expect(stranger.ucp.status).toBe('error');
    expect(stranger.messages![0]!.content).toMatch(NOT_OURS);
  });

  it('keeps taking its cursors after a rebuild of the same content is put in place under it', async () => {
    const served = join(dir, 'served.sqlite');
    copyFileSync(snapshots[0]!, served);
    const app = instance(served, { CURSOR_SECRET: SECRET });
    const page1 = await search(app, ARGS);
    const before = await search(app, { ...ARGS, cursor: page1.nextCursor });
    // As a build does: the new file is renamed over the old one, and the server told.
    copyFileSync(snapshots[1]!, `${served}.new`);
    renameSync(`${served}.new`, served);
    expect(app.refreshCatalog()).toBe('swapped');
    expect(await search(app, { ...ARGS, cursor: page1.nextCursor })).toMatchObject({ isError: false, ids: before.ids });
  });
});

describe('the cursor secret kept in the quota store (CURSOR_SECRET unset)', () => {
  it('is made by the first instance on the quota file and found by a second one; an instance on another file refuses', async () => {
    const quotas = generousQuotas();
    const first = instance(snapshots[0]!, quotas);
    const second = instance(snapshots[1]!, quotas);
    const page1 = await search(first, ARGS);
    const here = await search(first, { ...ARGS, cursor: page1.nextCursor });
    expect(await search(second, { ...ARGS, cursor: page1.nextCursor })).toMatchObject({ isError: false, ids: here.ids });

    const db = new Database(quotas.RATE_LIMIT_DB!, { readonly: true });
    try {
      const kept = db.prepare("SELECT key, value FROM meta WHERE key IN ('salt', 'cursor_secret') ORDER BY key").all();
      expect(kept).toEqual([
        { key: 'cursor_secret', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
        { key: 'salt', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      ]);
    } finally {
      db.close();
    }

    const elsewhere = instance(snapshots[1]!, generousQuotas());
    expect(await search(elsewhere, { ...ARGS, cursor: page1.nextCursor })).toMatchObject({
      isError: true,
      message: expect.stringMatching(NOT_OURS),
    });
  });
});

describeRedis('the cursor secret kept in Redis (CURSOR_SECRET unset)', (redis) => {
  it('is made by the first instance on the Redis (SET NX) and found by a second one', async () => {
    // A bound wide enough for the first connection of a loaded test machine: the fallback is not under test here.
    const quotas = { ...generousQuotas(), RATE_LIMIT_REDIS_URL: redis().url, RATE_LIMIT_REDIS_TIMEOUT_MS: '5000' };
    const first = instance(snapshots[0]!, quotas);
    const second = instance(snapshots[1]!, quotas);
    const page1 = await search(first, ARGS);
    const here = await search(first, { ...ARGS, cursor: page1.nextCursor });
    expect(await search(second, { ...ARGS, cursor: page1.nextCursor })).toMatchObject({ isError: false, ids: here.ids });
  });
});
