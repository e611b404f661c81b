import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { AnswerContext } from '../../answers/context.ts';

/** One MCP tool: its contract (zod schemas, from which the JSON Schemas are generated) and its work. */
export interface ToolSpec<In extends z.ZodObject = z.ZodObject, Out extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** One line, for lists (gpt.json, llms.txt). */
  summary: string;
  description: string;
  inputSchema: In;
  outputSchema: Out;
  /** The ui:// view (an MCP App) hosts show its results in, when the endpoint serves views. */
  view?: string;
  /** A search: its runs are timed for the metrics (search_duration_seconds). */
  timed?: boolean;
  /**
   * Arguments refused as the call's JSON-RPC error (-32602) rather than as a tool error, when the
   * tool's protocol says so (UCP's batch limit); null: none.
   */
  paramsRefusal?: (args: unknown) => string | null;
  /** How many calls a call counts as against the tool-call quota (a batch: its items); 1 when unset. */
  uses?: (args: unknown) => number;
  /**
   * The product whose engagement counters a call with these arguments would show (null: none):
   * the endpoint counts it against the client's enumeration guard, and past the guard runs the
   * tool with the counters withheld (AnswerContext.countersWithheldUntil).
   */
  showsCountersOf?: (args: unknown) => number | null;
  run: (ctx: AnswerContext, args: z.infer<In>) => CallToolResult;
}

/** A tool as the server and the documents see it: its contract, and how it registers itself. */
export interface ToolDefinition extends Omit<ToolSpec, 'run'> {
  annotations: typeof ANNOTATIONS;
  /** `withViews`: the endpoint serves its views (ui:// resources), so the tool links its own. */
  register(server: McpServer, ctx: AnswerContext, withViews: boolean): void;
  /** The tool's result for arguments its input schema accepted: what the SDK sends, and the fast lane too. */
  answer(ctx: AnswerContext, args: Record<string, unknown>): CallToolResult;
}

/** Every tool is read-only: the annotations MCP client directories ask for, stated explicitly. */
export const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Each tool's folder states its types once, here. */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(spec: ToolSpec<In, Out>): ToolDefinition {
  const { run: untimed, timed, ...contract } = spec;
  const inputSchema = withMemoizedJsonSchema(spec.inputSchema);
  const outputSchema = withMemoizedJsonSchema(spec.outputSchema);
  const run: typeof untimed = !timed
    ? untimed
    : (ctx, args) => {
        if (ctx.metrics === undefined) return untimed(ctx, args);
        const started = performance.now();
        try {
          return untimed(ctx, args);
        } finally {
          ctx.metrics.search(spec.name, (performance.now() - started) / 1000);
        }
      };
  const answer = (ctx: AnswerContext, args: Record<string, unknown>): CallToolResult => {
    try {
      return run(ctx, args as z.infer<In>);
    } catch (error) {
      // The SDK would put the error's own message in the result: never show internals.
      ctx.logError(error);
      return {
        content: [{ type: 'text', text: 'Internal error: the catalog is unavailable right now. Retry later.' }],
        isError: true,
      };
    }
  };
  return {
    ...contract,
    annotations: ANNOTATIONS,
    answer,
    register(server, ctx, withViews) {
      const config = {
        title: spec.title,
        description: spec.description,
        inputSchema,
        outputSchema,
        annotations: { title: spec.title, ...ANNOTATIONS },
      };
      const run = (args: Record<string, unknown>) => answer(ctx, args);
      // The official MCP Apps helper links the view (_meta.ui.resourceUri, and the older flat key hosts still read).
      if (withViews && spec.view !== undefined)
        registerAppTool(server, spec.name, { ...config, _meta: { ui: { resourceUri: spec.view } } }, run);
      else server.registerTool(spec.name, config, run);
    },
  };
}

/**
 * The zod schema as a Standard Schema whose JSON Schema is converted once per process: the SDK
 * asks for it on every server instance, and this endpoint makes one per request (converting the
 * three tools' schemas each time was a large share of a tools/call's cost: docs/benchmarks.md,
 * "MCP throughput").
 */
function withMemoizedJsonSchema(schema: z.ZodObject): StandardSchemaWithJSON<Record<string, unknown>> {
  const standard = schema['~standard'] as unknown as StandardSchemaWithJSON<Record<string, unknown>>['~standard'];
  const memo = new Map<string, Record<string, unknown>>();
  const converted = (io: 'input' | 'output') => (options: { target: string }) => {
    const key = `${io} ${options.target}`;
    let json = memo.get(key);
    if (json === undefined) {
      json = standard.jsonSchema[io](options as never);
      memo.set(key, json);
    }
    return json;
  };
  return { '~standard': { ...standard, jsonSchema: { input: converted('input'), output: converted('output') } } };
}

/** Each structured result's JSON, as its text block has it: written once, not twice (fast-lane.ts). */
const jsonOfContent = new WeakMap<object, string>();

/** The JSON text of a structuredContent that structuredResult made; undefined for any other value. */
export const structuredJson = (content: unknown): string | undefined =>
  typeof content === 'object' && content !== null ? jsonOfContent.get(content) : undefined;

/** structuredContent, plus the same JSON as text for clients that read only content. */
export function structuredResult(output: object, isError = false): CallToolResult {
  const text = JSON.stringify(output);
  jsonOfContent.set(output, text);
  return {
    content: [{ type: 'text', text }],
    structuredContent: output as Record<string, unknown>,
    ...(isError ? { isError } : {}),
  };
}
