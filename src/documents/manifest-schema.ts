import { z } from 'zod';
import { CatalogOverviewSchema } from '../answers/overview-schema.ts';
import { CatalogStampSchema } from '../catalog-read/catalog-stamp.ts';
import { RateLimitPolicySchema } from '../quota/policy.ts';

const url = z.string();

/** /gpt.json, the AI catalog manifest: what the service is, where its faces are, and its rules. */
export const ManifestSchema = z.strictObject({
  manifestVersion: z.literal('1.0'),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  version: z.string(),
  baseUrl: url,
  ...CatalogStampSchema,
  counts: CatalogOverviewSchema.shape.counts.describe('The same counts as the catalog_overview tool'),
  defaultCity: CatalogOverviewSchema.shape.defaultCity,
  prices: CatalogOverviewSchema.shape.prices,
  rest: z.strictObject({
    authentication: z.literal('none'),
    openapi: url,
    openapiYaml: url,
    endpoints: z.array(
      z.strictObject({
        operationId: z.string(),
        method: z.literal('GET'),
        urlTemplate: url,
        example: url,
        description: z.string(),
        response: z.string().describe('Schema name in the OpenAPI document'),
      }),
    ),
  }),
  mcp: z.strictObject({
    endpoint: url,
    transport: z.literal('streamable-http'),
    protocolVersion: z.string().describe("The revision a request without MCP-Protocol-Version is served as (the contract's)"),
    protocolVersions: z.array(z.string()).describe('Every protocol revision served, newest first'),
    authentication: z.literal('none'),
    stateless: z.literal(true),
    discovery: z.string().describe('GET the endpoint (without Accept: text/event-stream) for the tools and their input schemas'),
    tools: z.array(z.strictObject({ name: z.string(), title: z.string(), description: z.string(), readOnly: z.literal(true) })),
    research: z
      .strictObject({
        endpoint: url,
        tools: z.array(z.strictObject({ name: z.string(), title: z.string(), description: z.string(), readOnly: z.literal(true) })),
      })
      .describe('A second MCP endpoint, same transport and revisions: the search and fetch tools of ChatGPT connectors and deep research'),
  }),
  documents: CatalogOverviewSchema.shape.documents,
  showcase: z.strictObject({ url, defaultLimit: z.number().int(), maxLimit: z.number().int(), order: z.string() }),
  usagePolicy: z.strictObject({
    summary: z.string(),
    allowed: z.array(z.string()),
    forbidden: z.array(z.string()),
    higherVolume: z.string(),
  }),
  rateLimits: RateLimitPolicySchema,
  legal: z
    .strictObject({
      termsOfService: url.describe('The usage policy in full, the quotas, no warranty (pt-BR, with an English version)'),
      privacyPolicy: url.describe("What the service processes, under Brazil's LGPD (pt-BR, with an English version)"),
      contactPage: url.describe("The operator's contact; it says so when none is configured"),
      operator: z.string().nullable().describe('Who runs this deployment (the controller); null when not configured'),
      contactEmail: z.string().nullable().describe("The operator's e-mail address; null when not configured"),
      contactUrl: z.string().nullable().describe("A contact page or form of the operator's own; null when not configured"),
    })
    .describe('The pages a directory reviewer looks for, and who answers for the deployment'),
});
export type Manifest = z.infer<typeof ManifestSchema>;
