/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): structured-field Lists.
 *   RateLimit-Policy: "rest";q=120;w=60, "ids";q=100;w=600
 *   RateLimit: "rest";r=117;t=42, "ids";r=99;t=512
 * q: quota units per window; w: window seconds; r: units remaining; t: seconds to the reset.
 */
export interface QuotaState {
  policy: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

export function rateLimitPolicyField(policies: Pick<QuotaState, 'policy' | 'quota' | 'windowSeconds'>[]): string {
  return policies.map((p) => `"${p.policy}";q=${p.quota};w=${p.windowSeconds}`).join(', ');
}

export function rateLimitField(states: QuotaState[]): string {
  return states.map((s) => `"${s.policy}";r=${s.remaining};t=${s.resetSeconds}`).join(', ');
}
