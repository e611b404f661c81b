import { afterAll, inject } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';
import { describeMcpContract } from '../contract/mcp-contract.ts';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../contract/stats-contract.ts';
import { describeUcpContract } from '../contract/ucp-contract.ts';

/*
 * The app's Web face in this process (what the Netlify Function and the Astro route call): the
 * same contracts as the targets, in milliseconds. Quotas off: the quota suites run on the targets.
 */
const apps = new Map<string, App>();
const appOn = (catalogDb: string): Send => {
  let app = apps.get(catalogDb);
  if (app === undefined) {
    app = createApp(loadConfig({ CATALOG_DB: catalogDb, RATE_LIMITS: 'off' }), nodePlatform());
    apps.set(catalogDb, app);
  }
  const { fetch } = app;
  return (path, init) => fetch(new Request(`http://localhost${path}`, init));
};
afterAll(() => {
  for (const app of apps.values()) app.close();
});

describeStatsContract('the app (in-process)', () => appOn(inject('sampleSnapshot')));
describeMissingSnapshotContract('the app (in-process)', () => appOn(`${inject('sampleSnapshot')}.missing`));
describeMcpContract('the app (in-process)', () => {
  const send = appOn(inject('sampleSnapshot'));
  return (request) => {
    const url = new URL(request.url);
    return send(url.pathname + url.search, request);
  };
});
describeUcpContract('the app (in-process)', () => {
  const send = appOn(inject('sampleSnapshot'));
  return (request) => {
    const url = new URL(request.url);
    return send(url.pathname + url.search, request);
  };
});
