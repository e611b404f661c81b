import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { MODERN_PROTOCOL_VERSION } from './protocol.ts';
import type { McpMessage } from './read-message.ts';
import { SERVER_INFO } from './server.ts';
import type { ToolSet } from './tool-list.ts';
import { structuredJson } from './tools/tool-definition.ts';

/**
 * A measured fast path (docs/api.md, "What the SDK does, and what this endpoint decides first"):
 * a tools/call whose arguments the tool's schema accepts is answered here, from the same tool code,
 * without a server and a transport per request, which cost far more than the lookup
 * (docs/benchmarks.md, "MCP throughput"). Its answers are the SDK's, byte for byte:
 * tests/integration/mcp-fast-lane.test.ts compares the two on every tool and revision. Anything
 * else (another method, arguments the schema refuses, a 2026-07-28 request whose headers are not
 * exactly the ones it requires) returns null and goes to the SDK.
 */
export function fastLaneAnswer(
  ctx: AnswerContext,
  toolSet: ToolSet,
  message: McpMessage,
  request: RequestFacts,
): { answer: Answer; isError: boolean } | null {
  const { body } = message;
  if (body.method !== 'tools/call' || body.id === undefined) return null;
  const params = body.params as { name?: unknown; arguments?: unknown; _meta?: unknown };
  const tool = toolSet.byName.get(params.name as string);
  if (tool === undefined) return null;
  if (message.era === 'modern') {
    // The SDK's modern path checks these (the version as read here) before anything runs; anything but the exact match goes to it.
    if (
      message.versionHeader !== MODERN_PROTOCOL_VERSION ||
      request.header('mcp-method') !== 'tools/call' ||
      request.header('mcp-name') !== tool.name
    )
      return null;
  }
  const parsed = tool.inputSchema.safeParse(params.arguments ?? {});
  if (!parsed.success) return null;
  let result: CallToolResult & Record<string, unknown> = tool.answer(ctx, parsed.data);
  if (message.era === 'modern')
    result = { ...result, resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } };
  // The SDK's media type, without a charset. isError: the tool's own outcome, for the metrics.
  const answer = {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: resultMessage(result, body.id),
  };
  return { answer, isError: result.isError === true };
}

/**
 * JSON.stringify({ result, jsonrpc: '2.0', id }), byte for byte, with the structured content's JSON
 * taken from its text block, where it is already written: an answer's largest part, not written twice.
 */
function resultMessage(result: Record<string, unknown>, id: unknown): string {
  const members: string[] = [];
  for (const key of Object.keys(result)) {
    const value = result[key];
    if (value === undefined) continue;
    const json = (key === 'structuredContent' && structuredJson(value)) || JSON.stringify(value);
    members.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{"result":{${members.join(',')}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}
