import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ToolContext } from './tool-context.ts';

/** One MCP tool: its contract (zod schemas, from which the JSON Schemas are generated) and its work. */
export interface ToolSpec<In extends z.ZodObject = z.ZodObject, Out extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** One line, for lists (gpt.json, llms.txt). */
  summary: string;
  description: string;
  inputSchema: In;
  outputSchema: Out;
  run: (ctx: ToolContext, args: z.infer<In>) => CallToolResult;
}

/** A tool as the server and the documents see it: its contract, and how it registers itself. */
export interface ToolDefinition extends Omit<ToolSpec, 'run'> {
  register(server: McpServer, ctx: ToolContext): void;
}

/** Every tool is read-only: the annotations MCP client directories ask for, stated explicitly. */
export const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Each tool's folder states its types once, here. */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(spec: ToolSpec<In, Out>): ToolDefinition {
  const { run, ...contract } = spec;
  return {
    ...contract,
    register(server, ctx) {
      server.registerTool(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          // Registered as plain object schemas: the SDK's callback types do not follow a generic.
          inputSchema: spec.inputSchema as z.ZodObject,
          outputSchema: spec.outputSchema as z.ZodObject,
          annotations: { title: spec.title, ...ANNOTATIONS },
        },
        (args: Record<string, unknown>) => {
          try {
            return run(ctx, args as z.infer<In>) as CallToolResult;
          } catch (error) {
            // The SDK would put the error's own message in the result: never show internals.
            ctx.logError(error);
            return {
              content: [{ type: 'text', text: 'Internal error: the catalog is unavailable right now. Retry later.' }],
              isError: true,
            };
          }
        },
      );
    },
  };
}

/** structuredContent, plus the same JSON as text for clients that read only content. */
export function structuredResult(output: object, isError = false): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output as Record<string, unknown>,
    ...(isError ? { isError } : {}),
  };
}
