import { describe, expect, it } from 'vitest';
import { rateLimitMember, rateLimitPolicyField } from './rate-limit-fields.ts';

describe('the RateLimit header fields', () => {
  it('state each policy as a structured-field list member: name, quota, window', () => {
    const policies = [
      { policy: 'rest', quota: 120, windowSeconds: 60 },
      { policy: 'ids', quota: 100, windowSeconds: 600 },
    ];
    expect(rateLimitPolicyField(policies)).toBe('"rest";q=120;w=60, "ids";q=100;w=600');
    expect(rateLimitPolicyField([{ policy: 'mcp-calls', quota: 60, windowSeconds: 60 }])).toBe('"mcp-calls";q=60;w=60');
  });

  it('state what remains of a quota and the seconds to its reset', () => {
    expect(rateLimitMember('rest', 117, 42)).toBe('"rest";r=117;t=42');
    expect(rateLimitMember('flood', 0, 60)).toBe('"flood";r=0;t=60');
  });
});
