/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): structured-field Lists.
 *   RateLimit-Policy: "rest";q=120;w=60, "ids";q=100;w=600
 *   RateLimit: "rest";r=117;t=42, "ids";r=99;t=512
 * q: quota units per window; w: window seconds; r: units remaining; t: seconds to the reset.
 */
/** The two fields as a counted answer carries them. */
export interface QuotaFields {
  'RateLimit-Policy': string;
  RateLimit: string;
}

export interface QuotaPolicy {
  policy: string;
  quota: number;
  windowSeconds: number;
}

export function rateLimitPolicyField(policies: QuotaPolicy[]): string {
  return policies.map((p) => `"${p.policy}";q=${p.quota};w=${p.windowSeconds}`).join(', ');
}

/** One member of the RateLimit field; the limiter joins them with ", " as it uses each quota. */
export function rateLimitMember(policy: string, remaining: number, resetSeconds: number): string {
  return `"${policy}";r=${remaining};t=${resetSeconds}`;
}
