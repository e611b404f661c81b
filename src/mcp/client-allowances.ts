import { randomBytes } from 'node:crypto';
import { CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { ClientRef } from '../http/answer.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { clientKey } from '../quota/client-key.ts';
import { MODERN_PROTOCOL_VERSION, SERVED_PROTOCOL_VERSIONS } from './protocol.ts';

/**
 * Two request shapes that clients in the field send and a strict reading of the protocol refuses,
 * served on purpose (docs/api.md, "Client allowances", with the reports and when they can go):
 * - `repeated-version-header`: `MCP-Protocol-Version: 2025-11-25, 2025-11-25`, one served value
 *   repeated (a client or proxy that sets the header twice);
 * - `envelope-under-other-header`: the 2026-07-28 `_meta` envelope under a header naming a served
 *   2025 revision (claude.ai connectors): answered as the envelope's revision, the one the body was
 *   built for.
 * Nothing else is read liberally: other values go to the usual checks and their errors.
 */
export type ClientAllowance = 'repeated-version-header' | 'envelope-under-other-header';

/** How a request's MCP-Protocol-Version header is read: the value it is answered under, and why. */
export interface VersionReading {
  /** The header as this endpoint reads it; null when the request sent none. */
  header: string | null;
  allowances: ClientAllowance[];
}

/** The revisions a 2026-07-28 style `_meta` envelope may name and be served (server/discover's list). */
const ENVELOPE_REVISIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];

/** `header`: the request's MCP-Protocol-Version, repeats joined with ", "; `claim`: its envelope's revision, if any. */
export function readVersionHeader(header: string | null, claim: unknown): VersionReading {
  const allowances: ClientAllowance[] = [];
  let value = header;
  if (value?.includes(',')) {
    const [first, ...rest] = value.split(',').map((part) => part.trim());
    if (first !== undefined && SERVED_PROTOCOL_VERSIONS.includes(first) && rest.every((part) => part === first)) {
      value = first;
      allowances.push('repeated-version-header');
    }
  }
  if (
    typeof claim === 'string' &&
    ENVELOPE_REVISIONS.includes(claim) &&
    value !== null &&
    SERVED_PROTOCOL_VERSIONS.includes(value.trim()) &&
    value.trim() !== claim
  ) {
    value = claim;
    allowances.push('envelope-under-other-header');
  }
  return { header: value, allowances };
}

/** The client's own name for itself, when the request carries one: untrusted text, so short. */
export function clientInfoOf(params: Record<string, unknown> | undefined): { name: string; version: string } | null {
  const meta = params?._meta as Record<string, unknown> | undefined;
  const info = (meta !== null && typeof meta === 'object' ? meta[CLIENT_INFO_META_KEY] : undefined) ?? params?.clientInfo;
  if (info === null || typeof info !== 'object') return null;
  const { name, version } = info as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  return typeof name === 'string' ? { name: text(name), version: text(version) } : null;
}

/**
 * How many client and pattern pairs are remembered as logged; past it the oldest may log again.
 * The privacy policy states it (src/legal/).
 */
export const ALLOWANCE_LOG_REMEMBERED = 10_000;

export type AllowanceLog = (
  allowances: readonly ClientAllowance[],
  client: ClientRef,
  message: { method: string; params?: Record<string, unknown> },
) => void;

/**
 * Logs a request served under an allowance at warn, once per client and pattern and client name,
 * so an operator sees who still needs each allowance without a line per request. The client is
 * remembered as a hash of its address with a secret made for this log (as the quotas key it,
 * src/quota/client-key.ts), never as the address: like the request log, this process holds no
 * client address past its request. `remembered`: where, for a test to read.
 */
export function createAllowanceLog(
  path: string,
  warn: (message: string, fields: Record<string, unknown>) => void,
  remembered = new BoundedCache<string, true>(ALLOWANCE_LOG_REMEMBERED),
): AllowanceLog {
  const salt = randomBytes(16).toString('base64url');
  return (allowances, client, message) => {
    const clientInfo = clientInfoOf(message.params);
    const who = client.address === null ? '' : clientKey(client.address, salt);
    for (const pattern of allowances) {
      const key = `${pattern}\n${who}\n${clientInfo?.name ?? ''}\n${clientInfo?.version ?? ''}`;
      if (remembered.get(key)) continue;
      remembered.set(key, true);
      warn('served a request under a client allowance (docs/api.md, "Client allowances")', {
        pattern,
        path,
        method: message.method,
        clientInfo,
      });
    }
  };
}
