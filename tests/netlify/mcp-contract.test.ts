import { inject } from 'vitest';
import { describeMcpContract } from '../contract/mcp-contract.ts';
import { useNetlifyDev } from '../support/netlify-target.ts';

const netlify = useNetlifyDev();

describeMcpContract('Netlify Functions (local emulation)', () => (request) => netlify.send(request, inject('sampleSnapshot')));
