import { z } from 'zod';
import { PATHS, publicUrls } from '../contract/paths.ts';
import type { DocumentSources } from '../documents/document-sources.ts';
import { openApiDocument } from '../documents/openapi.ts';
import { slugify } from '../lib/text-keys.ts';
import { TOOLS } from '../mcp/tool-list.ts';
import { type RateLimitPolicy, rateLimitPolicy } from '../quota/policy.ts';
import { UCP_VERSION } from '../ucp/ucp-protocol.ts';

/*
 * What the developer portal (the landing page, src/pages/index.astro) shows, made from the same
 * sources as the documents: the tools' zod schemas, the OpenAPI description, the quotas as
 * configured and the snapshot's counts. Nothing here is a second hand-written copy of them.
 */

export interface ArgumentReference {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface ToolReference {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  arguments: ArgumentReference[];
}

export interface RestOperation {
  method: string;
  path: string;
  /**
   * Its heading's id: "op-get-api-public-v1-products-productid-stats". HTML ids the portal's
   * validator accepts (html-validate's valid-id: a letter first, then letters, digits, "-" and
   * "_"), so never the path's slashes and braces.
   */
  anchor: string;
  summary: string;
  description: string;
  parameters: ArgumentReference[];
  responses: { status: string; description: string }[];
}

export interface ClientSetup {
  client: string;
  how: string;
  /** What to paste (a command or a configuration file), when there is one. */
  code?: string;
}

export interface PortalModel {
  siteUrl: string;
  mcpUrl: string;
  researchUrl: string;
  /** The Universal Commerce Protocol face: its business profile and its two bindings. */
  ucp: { version: string; profile: string; mcp: string; rest: string };
  counts: { products: number; merchants: number; stores: number; cities: number; categories: number };
  defaultCity: string;
  catalogVersion: string;
  generatedAt: string;
  clients: ClientSetup[];
  curl: { label: string; command: string }[];
  tools: ToolReference[];
  quotas: RateLimitPolicy;
  rest: RestOperation[];
  documents: { url: string; what: string }[];
}

type JsonSchema = {
  type?: string | string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** A JSON Schema's type in a few words: "integer, 1 to 10". */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : `more than ${schema.exclusiveMinimum}`);
  if (low !== undefined && schema.maximum !== undefined) return `${type}, ${low} to ${schema.maximum}`;
  if (schema.maximum !== undefined) return `${type}, at most ${schema.maximum}`;
  return type;
}

/** A tool's arguments, read from the JSON Schema its zod input schema gives (what tools/list sends). */
export function argumentsOf(schema: z.ZodObject): ArgumentReference[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: json.required?.includes(name) ?? false,
    description: property.description ?? '',
  }));
}

type OpenApi = ReturnType<typeof openApiDocument>;
type Ref = { $ref: string };

/** Follows a local "$ref" of the OpenAPI document ("#/components/parameters/ProductId"). */
function resolve<T>(document: OpenApi, value: T | Ref): T {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value as T;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
}

/** Every operation of the OpenAPI description, its parameters and responses resolved. */
export function restOperations(document: OpenApi): RestOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, unknown>)
      .filter(([method]) => ['get', 'head', 'post', 'options'].includes(method))
      .map(([method, raw]) => {
        const operation = raw as {
          summary?: string;
          description?: string;
          parameters?: (Ref | { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema })[];
          responses: Record<string, Ref | { description: string }>;
        };
        return {
          method: method.toUpperCase(),
          path,
          anchor: `op-${slugify(`${method} ${path}`)}`,
          summary: operation.summary ?? '',
          description: operation.description ?? '',
          parameters: (operation.parameters ?? []).map((p) => {
            const parameter = resolve(document, p) as {
              name: string;
              in: string;
              required?: boolean;
              description?: string;
              schema: JsonSchema;
            };
            return {
              name: `${parameter.name} (${parameter.in})`,
              type: typeOf(parameter.schema),
              required: parameter.required ?? false,
              description: parameter.description ?? '',
            };
          }),
          responses: Object.entries(operation.responses).map(([status, r]) => ({
            status,
            description: resolve(document, r).description,
          })),
        };
      }),
  );
}

/** How to connect the MCP endpoint in the clients people use (sources in docs/api.md). */
export function clientSetups(mcpUrl: string, researchUrl: string): ClientSetup[] {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: 'Claude (claude.ai, Claude Desktop)',
      how: `Settings → Connectors → Add custom connector: any name, and the URL below. No authentication. Anthropic's cloud connects to it, so the URL must be public.`,
      code: mcpUrl,
    },
    {
      client: 'Claude Code',
      how: 'In a terminal (add --scope project to write .mcp.json for the team):',
      code: `claude mcp add --transport http catalog ${mcpUrl}`,
    },
    {
      client: 'ChatGPT',
      how:
        'Settings → Apps → Advanced settings → Developer mode, then Create app: this MCP Server URL, authentication "No Authentication". ' +
        `For deep research and connectors without developer mode, use ${researchUrl} (the search and fetch tools).`,
      code: mcpUrl,
    },
    {
      client: 'Cursor',
      how: '~/.cursor/mcp.json (every project) or .cursor/mcp.json (one project):',
      code: json({ mcpServers: { catalog: { url: mcpUrl } } }),
    },
    { client: 'VS Code', how: '.vscode/mcp.json in the workspace:', code: json({ servers: { catalog: { type: 'http', url: mcpUrl } } }) },
  ];
}

/** curl commands with exactly the headers the endpoints ask for. */
export function curlExamples(sources: DocumentSources, mcpUrl: string, defaultCity: string): PortalModel['curl'] {
  const call = (name: string, args: object) =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  // In single quotes for the shell: a quote inside (a city like "Pau d'Alho") closes, escapes and reopens.
  const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const mcp = (body: string) =>
    `curl -s ${mcpUrl} \\\n  -H 'Content-Type: application/json' -H 'Accept: application/json' \\\n  -H 'MCP-Protocol-Version: 2025-06-18' \\\n  -d ${quoted(body)}`;
  return [
    { label: 'Statistics of one product (REST)', command: `curl -s ${sources.examples.productStats}` },
    { label: 'Statistics of one merchant (REST)', command: `curl -s ${sources.examples.merchantStats}` },
    { label: 'Price history of one product (REST)', command: `curl -s ${sources.examples.productPriceHistory}` },
    { label: 'The catalog at a glance (MCP)', command: mcp(call('catalog_overview', {})) },
    {
      label: `Search near a shopper (MCP)`,
      command: mcp(call('search_local_products', { query: 'geladeira', city: defaultCity, limit: 3 })),
    },
    {
      label: 'One product in detail (MCP)',
      command: mcp(call('get_product', { productId: Number(sources.examples.productStats.split('/').at(-2)) })),
    },
  ];
}

export function portalModel(sources: DocumentSources): PortalModel {
  const { documents, endpoints, discovery } = publicUrls(sources.siteUrl);
  const { overview } = sources;
  const defaultCity = overview.defaultCity.name;
  return {
    siteUrl: sources.siteUrl,
    mcpUrl: endpoints.mcp,
    researchUrl: endpoints.research,
    ucp: { version: UCP_VERSION, profile: discovery.ucpProfile, mcp: endpoints.ucpMcp, rest: endpoints.ucpRest },
    counts: overview.counts,
    defaultCity,
    catalogVersion: sources.meta.catalogVersion,
    generatedAt: sources.meta.generatedAt,
    clients: clientSetups(endpoints.mcp, endpoints.research),
    curl: curlExamples(sources, endpoints.mcp, defaultCity),
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      readOnly: tool.annotations.readOnlyHint,
      arguments: argumentsOf(tool.inputSchema),
    })),
    quotas: rateLimitPolicy(sources.rateLimits),
    rest: restOperations(openApiDocument(sources)),
    documents: [
      { url: documents.manifest, what: 'AI catalog manifest: counts, endpoints, MCP tools, policies' },
      { url: documents.showcase, what: 'the newest published products (?limit=N, at most 20)' },
      { url: documents.llms, what: 'the service for language-model agents, in plain text' },
      { url: documents.openapiJson, what: `OpenAPI description of the REST API (also ${documents.openapiYaml})` },
      { url: documents.sitemap, what: 'every page, products included' },
      { url: discovery.ucpProfile, what: `UCP business profile (Universal Commerce Protocol ${UCP_VERSION}): catalog search and lookup` },
      { url: sources.siteUrl + PATHS.robots, what: 'what crawlers may read' },
    ],
  };
}
