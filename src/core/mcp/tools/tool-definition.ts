import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { DiscoveryContext } from '../../discovery/discovery-context.ts';

/** One MCP tool: its contract (zod schemas, from which the JSON Schemas are generated) and its work. */
export interface ToolDefinition<In extends z.ZodObject = z.ZodObject, Out extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** One line, for lists (gpt.json, llms.txt). */
  summary: string;
  description: string;
  inputSchema: In;
  outputSchema: Out;
  run: (ctx: DiscoveryContext, args: z.infer<In>) => CallToolResult;
}

/** Identity with inference: each tool file states its types once. */
export const defineTool = <In extends z.ZodObject, Out extends z.ZodObject>(tool: ToolDefinition<In, Out>) => tool;

/** structuredContent, plus the same JSON as text for clients that read only content. */
export function structuredResult(output: object, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output as Record<string, unknown>, ...(isError ? { isError } : {}) };
}
