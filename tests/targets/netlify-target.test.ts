import { describe, expect, inject, it } from 'vitest';
import { describeDocumentsContract } from '../contract/documents-contract.ts';
import { describeMcpContract } from '../contract/mcp-contract.ts';
import { describeProductPagesContract } from '../contract/pages-contract.ts';
import { describeQuotaContract, SMALL_QUOTAS } from '../contract/quota-contract.ts';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../contract/stats-contract.ts';
import { useNetlifyDev } from '../support/netlify-target.ts';

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
describeDocumentsContract(
  'Netlify (local emulation: CDN files and Functions)',
  () => sendWith(() => inject('sampleSnapshot')),
  () => sendWith(() => `${inject('sampleSnapshot')}.missing`),
);
describeQuotaContract('Netlify Functions (local emulation, quotas in Blobs)', () => (client, path, init = {}) => {
  // NetlifyDev takes the client address (context.ip) from X-Forwarded-For.
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', client);
  return netlify.send(new Request(`http://localhost${path}`, { ...init, headers }), inject('sampleSnapshot'), SMALL_QUOTAS);
});
// Each emulated request runs in a fresh worker (about a second): every sitemap URL is asked of
// the bundled Function instead (tests/targets/function-bundle.test.ts).
describeProductPagesContract('Netlify (local emulation: the pages Function)', (snapshot) => sendWith(() => snapshot), 25);

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
