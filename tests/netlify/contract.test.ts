import { afterAll, beforeAll, inject } from 'vitest';
import { startNetlifyDev } from '../support/netlify-target.ts';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../contract/stats-contract.ts';

let netlify: Awaited<ReturnType<typeof startNetlifyDev>>;

beforeAll(async () => {
  netlify = await startNetlifyDev();
});
afterAll(async () => {
  await netlify?.stop();
});

/**
 * NetlifyDev runs each request in a fresh worker that reads process.env as it is at that moment,
 * so each send sets the snapshot the function should open.
 */
const sendWith = (snapshot: () => string): Send => (path, init) => {
  process.env.CATALOG_DB = snapshot();
  return netlify.fetch(new Request(`http://localhost${path}`, init));
};

describeStatsContract('Netlify Functions (local emulation)', () => sendWith(() => inject('sampleSnapshot')));
describeMissingSnapshotContract('Netlify Functions (local emulation)', () => sendWith(() => `${inject('sampleSnapshot')}.missing`));
