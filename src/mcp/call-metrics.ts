import type { RequestFacts } from '../http/answer.ts';
import type { McpOutcome } from '../observability/metrics/metrics-recorder.ts';
import { CONTRACT_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, SERVED_PROTOCOL_VERSIONS } from './protocol.ts';
import type { McpMessage, McpRefusal } from './read-message.ts';
import type { ToolSet } from './tool-list.ts';

/** A label value for what the request named but this endpoint does not serve: the labels stay a bounded set. */
const UNKNOWN = '(unknown)';

/**
 * The metric labels of a tools/call: the tool when the endpoint serves it, and the revision it is
 * answered under (the envelope's for a 2026-07-28 message, else the header as read, else the
 * contract's), never a value the client made up.
 */
export function callLabels(read: McpMessage | McpRefusal, request: RequestFacts, toolSet: ToolSet): { tool: string; revision: string } {
  const name = 'body' in read ? read.body.params?.name : undefined;
  const tool = typeof name === 'string' && toolSet.byName.has(name) ? name : UNKNOWN;
  const revision =
    'body' in read
      ? read.era === 'modern'
        ? MODERN_PROTOCOL_VERSION
        : (read.versionHeader ?? CONTRACT_PROTOCOL_VERSION)
      : (request.header('mcp-protocol-version') ?? CONTRACT_PROTOCOL_VERSION);
  return { tool, revision: SERVED_PROTOCOL_VERSIONS.includes(revision) ? revision : UNKNOWN };
}

/**
 * How the SDK answered a tools/call, read from a copy of its answer (the SDK's path is the slow
 * one: arguments the fast lane left to it). A JSON-RPC error or an HTTP error is "error", a result
 * with isError "tool_error".
 */
export async function sdkOutcome(answer: Response): Promise<McpOutcome> {
  if (answer.status >= 400) return 'error';
  try {
    const message = (await answer.json()) as { error?: unknown; result?: { isError?: unknown } };
    if (message.error !== undefined) return 'error';
    return message.result?.isError === true ? 'tool_error' : 'ok';
  } catch {
    return 'error';
  }
}
