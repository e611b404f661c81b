import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeCountersGuardContract, GUARD_QUOTAS } from '../../contract/counters-guard-contract.ts';
import { describeQuotaContract, forwardedSend, QUOTA_TEST_WINDOW_SECONDS, SMALL_QUOTAS } from '../../contract/quota-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { testTempDir } from '../../support/temp-dirs.ts';

/*
 * The built server with small quotas, behind a "trusted proxy" (TRUST_PROXY=on) so that the
 * suite can speak as several clients through X-Forwarded-For, as a reverse proxy would.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), ...SMALL_QUOTAS, TRUST_PROXY: 'on' });
});
afterAll(async () => {
  await server?.stop();
});

describeQuotaContract('self-hosted server (real HTTP)', () => forwardedSend(() => server.baseUrl));

describe('the enumeration guard: self-hosted server (real HTTP)', () => {
  let guarded: RunningServer;
  beforeAll(async () => {
    guarded = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), ...GUARD_QUOTAS, TRUST_PROXY: 'on' });
  });
  afterAll(async () => {
    await guarded?.stop();
  });
  describeCountersGuardContract('self-hosted server (real HTTP)', () => forwardedSend(() => guarded.baseUrl));
});

describe('public quotas under concurrency: self-hosted server (real HTTP)', () => {
  it('admits exactly RATE_LIMIT_REST of 200 concurrent requests from one client', async () => {
    const client = `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${server.baseUrl}/api/public/v1/merchants/${1 + (i % 7)}/stats`, { headers: { 'X-Forwarded-For': client } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(Number(SMALL_QUOTAS.RATE_LIMIT_REST));
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - Number(SMALL_QUOTAS.RATE_LIMIT_REST));
  });
});

describe('shared networks and IPv6 clients: self-hosted server (real HTTP)', () => {
  let shared: RunningServer;
  beforeAll(async () => {
    shared = await startBuiltServer({
      ...SMALL_QUOTAS,
      CATALOG_DB: inject('sampleSnapshot'),
      TRUST_PROXY: 'on',
      RATE_LIMIT_NETWORKS: 'agents x3 203.0.113.0/24 2001:db8:a::/48',
    });
  });
  afterAll(async () => {
    await shared?.stop();
  });
  const statsFrom = (client: string) =>
    fetch(`${shared.baseUrl}/api/public/v1/merchants/1/stats`, { headers: { 'X-Forwarded-For': client } });

  it('counts a named network as one client with its quota multiplied, over every address in it', async () => {
    const limit = 3 * Number(SMALL_QUOTAS.RATE_LIMIT_REST);
    const clients = Array.from({ length: limit + 1 }, (_, i) => (i % 2 ? `203.0.113.${i + 1}` : `2001:db8:a:${i}::1`));
    const answers = [];
    for (const client of clients) answers.push(await statsFrom(client));
    expect(answers.map((a) => a.status)).toEqual([...new Array(limit).fill(200), 429]);
    expect(answers[0]!.headers.get('RateLimit-Policy')).toBe(`"rest";q=${limit};w=${QUOTA_TEST_WINDOW_SECONDS}`);
    expect(answers.at(-1)!.headers.get('RateLimit')).toMatch(/^"rest";r=0;t=\d+$/);
    // An address outside the network has the quota of one client.
    expect((await statsFrom('203.0.114.1')).headers.get('RateLimit-Policy')).toBe(
      `"rest";q=${SMALL_QUOTAS.RATE_LIMIT_REST};w=${QUOTA_TEST_WINDOW_SECONDS}`,
    );
  });

  it('counts one client however its proxy writes the address; a value that is no address counts as the connection', async () => {
    const limit = Number(SMALL_QUOTAS.RATE_LIMIT_REST);
    const [a, b] = [1 + Math.floor(Math.random() * 200), 1 + Math.floor(Math.random() * 200)];
    const forms = [
      `198.18.${a}.${b}`,
      `198.018.${a}.${String(b).padStart(3, '0')}`,
      `198.18.${a}.${b}:1234`,
      ` 198.18.${a}.${b} `,
      `::ffff:198.18.${a}.${b}`,
    ];
    const v4 = [];
    for (let i = 0; i <= limit; i++) v4.push((await statsFrom(forms[i % forms.length]!)).status);
    expect(v4).toEqual([...new Array(limit).fill(200), 429]);
    const v6 = [];
    for (let i = 0; i <= limit; i++) v6.push((await statsFrom(i % 2 ? `[2001:db8:c:${a}::${i}]:443` : `[2001:DB8:c:${a}::${i}]`)).status);
    expect(v6).toEqual([...new Array(limit).fill(200), 429]);
    // Not addresses: the proxy's connection (this suite's own address) is the client, one count.
    const junk = [];
    for (const value of ['garbage', '', 'unknown', '999.1.1.1', '1.2.3', '[::1', 'a.b.c.d:80']) junk.push((await statsFrom(value)).status);
    expect(junk).toEqual([...new Array(limit).fill(200), 429, 429]);
  });

  it('keys an IPv6 client by its /56 (RFC 6177: one end site), whichever of its /64s it calls from', async () => {
    const limit = Number(SMALL_QUOTAS.RATE_LIMIT_REST);
    const statuses = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await statsFrom(`2001:db8:b:${(i * 37).toString(16)}:${i.toString(16)}::${i + 1}`)).status);
    expect(statuses).toEqual([...new Array(limit).fill(200), 429]);
    expect((await statsFrom('2001:db8:b:ff::1')).status).toBe(429);
    expect((await statsFrom('2001:db8:b:100::1')).status).toBe(200);
  });
});

describe('a lowered limit after a crash: self-hosted server (real HTTP)', () => {
  it('states no negative remaining count and counts the new limit from zero', async () => {
    const quotaFile = join(testTempDir('quotas-'), 'quotas.sqlite');
    const common = { CATALOG_DB: inject('sampleSnapshot'), TRUST_PROXY: 'on', RATE_LIMIT_DB: quotaFile, RATE_LIMIT_WINDOW_SECONDS: '3600' };
    const client = { 'X-Forwarded-For': '198.51.100.77' };
    const raised = await startBuiltServer({ ...common, RATE_LIMIT_REST: '1000000000', RATE_LIMIT_DISTINCT_IDS: '1000000000' });
    expect((await fetch(`${raised.baseUrl}/api/public/v1/products/1/stats`, { headers: client })).status).toBe(200);
    // A crash: the lease of an eighth of a billion units is never given back.
    await raised.kill();
    const lowered = await startBuiltServer({ ...common, ...SMALL_QUOTAS });
    try {
      const fields = [];
      for (let i = 0; i <= Number(SMALL_QUOTAS.RATE_LIMIT_REST); i++) {
        const answer = await fetch(`${lowered.baseUrl}/api/public/v1/merchants/1/stats`, { headers: client });
        fields.push(`${answer.status} ${answer.headers.get('RateLimit')?.replace(/;t=\d+/, '')}`);
      }
      expect(fields).toEqual(['200 "rest";r=4', '200 "rest";r=3', '200 "rest";r=2', '200 "rest";r=1', '200 "rest";r=0', '429 "rest";r=0']);
    } finally {
      await lowered.stop();
    }
  });
});
