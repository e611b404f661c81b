import { inject } from 'vitest';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../contract/stats-contract.ts';
import { useNetlifyDev } from '../support/netlify-target.ts';

const netlify = useNetlifyDev();
const sendWith = (snapshot: () => string): Send => (path, init) => netlify.send(new Request(`http://localhost${path}`, init), snapshot());

describeStatsContract('Netlify Functions (local emulation)', () => sendWith(() => inject('sampleSnapshot')));
describeMissingSnapshotContract('Netlify Functions (local emulation)', () => sendWith(() => `${inject('sampleSnapshot')}.missing`));
