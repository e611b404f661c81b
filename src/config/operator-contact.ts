import { z } from 'zod';

/**
 * Who runs this deployment and how to reach them: the /contato page, the privacy policy (the
 * controller, LGPD art. 5, VI; the encarregado, art. 41), the OpenAPI `info.contact` and
 * /gpt.json state it. All optional: a fresh clone has no operator to name, and inventing one (an
 * example.com address) would send people's requests nowhere. Unset, /contato says plainly that no
 * contact was configured, and the build and the server warn (contactWarnings).
 */

/** A name as people write it: one line, no control characters (it goes into HTML, JSON and YAML). */
const oneLine = z
  .string()
  .trim()
  .min(1)
  .max(120, { message: 'must be at most 120 characters' })
  .regex(/^[^\p{Cc}]+$/u, { message: 'must be one line of text, without control characters' });

/** The variables, merged into the environment schema (config.ts), so they are validated with the rest. */
export const OPERATOR_ENV = {
  /** Who operates this deployment: the controller of what it processes (a company's or a person's name). */
  OPERATOR_NAME: oneLine.optional(),
  /** Where people write to the operator: questions, abuse reports, data subjects' requests. */
  CONTACT_EMAIL: z.email({ message: 'must be an e-mail address (name@domain)' }).max(254).optional(),
  /** A contact page or form of the operator's own, beside or instead of the e-mail address. */
  CONTACT_URL: z.url({ protocol: /^https$/, message: 'must be an https:// URL' }).optional(),
  /** The encarregado (LGPD art. 41), reached through the same contact; unset when none was appointed. */
  DPO_NAME: oneLine.optional(),
};

export interface OperatorContact {
  name: string | null;
  email: string | null;
  url: string | null;
  dpoName: string | null;
}

type OperatorEnv = { [K in keyof typeof OPERATOR_ENV]?: z.infer<(typeof OPERATOR_ENV)[K]> };

export function operatorContact(env: OperatorEnv): OperatorContact {
  return {
    name: env.OPERATOR_NAME ?? null,
    email: env.CONTACT_EMAIL ?? null,
    url: env.CONTACT_URL ?? null,
    dpoName: env.DPO_NAME ?? null,
  };
}

/** Whether anyone can be reached: an e-mail address or a contact page. */
export const hasContact = (contact: OperatorContact): boolean => contact.email !== null || contact.url !== null;

/**
 * Domains reserved for examples and tests (RFC 2606, RFC 6761): mail and links there reach nobody,
 * which is worse than no contact, since the page would look configured.
 */
const RESERVED = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** What an operator should hear at build and start: no contact at all, or one that reaches nobody. */
export function contactWarnings(contact: OperatorContact): string[] {
  const warnings: string[] = [];
  if (!hasContact(contact)) {
    warnings.push('no contact configured (CONTACT_EMAIL, CONTACT_URL): /contato says so, and the privacy policy names no channel');
  }
  const emailDomain = contact.email?.slice(contact.email.lastIndexOf('@') + 1) ?? '';
  if (RESERVED.test(emailDomain)) warnings.push(`CONTACT_EMAIL is at ${emailDomain}, a domain reserved for examples: no mail reaches it`);
  const urlHost = contact.url === null ? '' : new URL(contact.url).hostname;
  if (RESERVED.test(urlHost)) warnings.push(`CONTACT_URL is on ${urlHost}, a domain reserved for examples: it reaches nobody`);
  if (contact.name === null) warnings.push('OPERATOR_NAME is unset: the privacy policy cannot name its controller');
  return warnings;
}
