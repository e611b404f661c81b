import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type UcpMessage, warning } from '../../ucp/ucp-messages.ts';
import { UcpMetaSchema } from '../../ucp/ucp-request.ts';
import { toolArguments } from './tool-arguments.ts';
import { structuredResult } from './tool-definition.ts';

/*
 * What the three UCP tools (src/mcp/tools/ucp-*) share: UCP's MCP binding (catalog/mcp.md of
 * v2026-04-08) puts the request under `catalog` and the platform's profile under
 * `meta["ucp-agent"]`, and answers in structuredContent, business outcomes included.
 */

/** The tool's arguments: `meta` and `catalog`, nothing else. */
export const ucpArguments = <C extends z.ZodType>(catalog: C) => toolArguments({ meta: UcpMetaSchema.optional(), catalog });

/** The answers' shape as the tools declare it; the UCP schemas themselves are the contract (tests validate every answer against them). */
export const UcpAnswerSchema = z.looseObject({
  ucp: z.looseObject({ version: z.string(), status: z.enum(['success', 'error']).optional() }),
  messages: z.array(z.looseObject({ type: z.enum(['info', 'warning', 'error']), content: z.string() })).optional(),
});

/**
 * The answer as a tool result. A call without the platform's profile is answered, with a warning
 * (UCP requires the profile; this read-only catalog negotiates nothing with it, and never fetches it).
 */
export function ucpResult(meta: z.infer<typeof UcpMetaSchema> | undefined, answer: { messages?: UcpMessage[] } & object): CallToolResult {
  if (meta?.['ucp-agent']?.profile !== undefined) return structuredResult(answer);
  const missing = warning(
    'profile_missing',
    'meta["ucp-agent"].profile is missing: UCP platforms send their profile URL with every request. Answered anyway; this catalog reads no profile.',
  );
  return structuredResult({ ...answer, messages: [...(answer.messages ?? []), missing] });
}
