import { describe, expect, inject, it } from 'vitest';
import { describeAppViewsContract } from '../../contract/app-views-contract.ts';
import { describeCountersGuardContract, GUARD_QUOTAS } from '../../contract/counters-guard-contract.ts';
import { describeDiscoveryContract } from '../../contract/discovery-contract.ts';
import { describeDocumentsContract } from '../../contract/documents-contract.ts';
import { describeLegalPagesContract } from '../../contract/legal-pages-contract.ts';
import { describeMcpContract } from '../../contract/mcp-contract.ts';
import { describeProductPagesContract } from '../../contract/pages-contract.ts';
import { describeQuotaContract, SMALL_QUOTAS } from '../../contract/quota-contract.ts';
import { describeSearchContract } from '../../contract/search-contract.ts';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../../contract/stats-contract.ts';
import { describeUcpContract } from '../../contract/ucp-contract.ts';
import { TEST_CURSOR_SECRET } from '../../support/cursor-secret.ts';
import { useNetlifyDev } from '../../support/netlify-target.ts';

// One file, one NetlifyDev: each emulator rebuilds the functions into the same
// .netlify/functions-serve folder, so two of them in parallel test files race on it.
const netlify = useNetlifyDev();
const sendWith =
  (snapshot: () => string): Send =>
  (path, init) =>
    netlify.send(new Request(`http://localhost${path}`, init), snapshot());

describeStatsContract('Netlify Functions (local emulation)', () => sendWith(() => inject('sampleSnapshot')));
describeMissingSnapshotContract('Netlify Functions (local emulation)', () => sendWith(() => `${inject('sampleSnapshot')}.missing`));
describeMcpContract('Netlify Functions (local emulation)', () => (request) => netlify.send(request, inject('sampleSnapshot')));
describeUcpContract(
  'Netlify (local emulation: CDN files and Functions)',
  () => (request) => netlify.send(request, inject('sampleSnapshot')),
  {
    profile: { validators: false },
  },
);
describeAppViewsContract('Netlify Functions (local emulation)', () => (request) => netlify.send(request, inject('sampleSnapshot')));
// The search contract signs cursors with the function's secret: the emulation's environment gives
// it (tests/support/netlify-target.ts), not the one kept in Blobs (the quota stores' suite reads that).
describeSearchContract(
  'Netlify Functions (local emulation)',
  () => (request) => netlify.send(request, inject('sampleSnapshot')),
  TEST_CURSOR_SECRET,
);
describeDocumentsContract(
  'Netlify (local emulation: CDN files and Functions)',
  () => sendWith(() => inject('sampleSnapshot')),
  () => sendWith(() => `${inject('sampleSnapshot')}.missing`),
);
// The card, the catalog and server.json are the CDN's static files (their headers from _headers);
// NetlifyDev's static handler sends no ETag, so If-None-Match is Netlify's CDN's to answer there.
describeDiscoveryContract('Netlify (local emulation: CDN files and Functions)', () => sendWith(() => inject('sampleSnapshot')), {
  validators: false,
});
describeQuotaContract('Netlify Functions (local emulation, quotas in Blobs)', () => (client, path, init = {}) => {
  // NetlifyDev takes the client address (context.ip) from X-Forwarded-For.
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', client);
  return netlify.send(new Request(`http://localhost${path}`, { ...init, headers }), inject('sampleSnapshot'), SMALL_QUOTAS);
});
describeCountersGuardContract('Netlify Functions (local emulation, quotas in Blobs)', () => (client, path, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', client);
  return netlify.send(new Request(`http://localhost${path}`, { ...init, headers }), inject('sampleSnapshot'), GUARD_QUOTAS);
});
// Every sitemap URL is asked of the bundled Function (tests/targets/netlify/function-bundle.test.ts);
// the emulator asks a sample of them.
describeProductPagesContract('Netlify (local emulation: the pages Function)', (snapshot) => sendWith(() => snapshot), 25);
describeLegalPagesContract('Netlify (local emulation: CDN files and the pages Function)', () => sendWith(() => inject('sampleSnapshot')));

describe('health and readiness: Netlify (local emulation)', () => {
  it('answers /healthz, and /readyz with the snapshot and the Blobs quota store', async () => {
    const health = await sendWith(() => inject('sampleSnapshot'))('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await sendWith(() => inject('sampleSnapshot'))('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      catalog: { version: expect.stringMatching(/^[0-9a-f]{16}$/) },
      quotaStore: { enabled: true, reachable: true },
    });
    const unready = await sendWith(() => `${inject('sampleSnapshot')}.missing`)('/readyz');
    expect(unready.status).toBe(503);
    expect(await unready.json()).toMatchObject({ status: 'unready', problems: ['the catalog snapshot cannot be opened'] });
  });
});

describe("Netlify's first line: its rewrite target under local emulation", () => {
  // NetlifyDev does not apply config.rateLimit (no trafficRules in @netlify/dev): this checks only
  // that the path the rule rewrites to reaches the rate-limited function, for GET and POST alike
  // (docs/operations.md#netlifys-first-line).
  it('answers the contract 429 at the rewrite path: REST for a GET, the MCP error with its id for a JSON-RPC POST', async () => {
    const rest = await sendWith(() => inject('sampleSnapshot'))('/_rate-limited');
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toBe('60');
    expect(rest.headers.get('ratelimit-policy')).toBe('"flood";q=1200;w=60');
    expect(await rest.json()).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    const mcp = await sendWith(() => inject('sampleSnapshot'))('/_rate-limited', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'ask-2', method: 'tools/list', params: {} }),
    });
    expect(mcp.status).toBe(429);
    // The rate-limited function's own header: not the other-methods function, whose app has the route too.
    for (const answer of [rest, mcp]) expect(answer.headers.get('netlify-cdn-cache-control')).toBe('no-store');
    expect(await mcp.json()).toEqual({
      jsonrpc: '2.0',
      id: 'ask-2',
      error: { code: -32000, message: 'Rate limit exceeded', data: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 60 } },
    });
  });
});
