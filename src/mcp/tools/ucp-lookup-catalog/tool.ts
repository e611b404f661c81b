import { distinctIds, lookupCatalog } from '../../../ucp/ucp-lookup.ts';
import { UCP_CAPABILITIES } from '../../../ucp/ucp-protocol.ts';
import { UCP_LOOKUP_MAX_IDS, UcpLookupRequestSchema } from '../../../ucp/ucp-request.ts';
import { defineTool } from '../tool-definition.ts';
import { UcpAnswerSchema, ucpArguments, ucpResult } from '../ucp-tool.ts';

export const ucpLookupCatalogTool = defineTool({
  name: 'lookup_catalog',
  title: 'Look up products (UCP)',
  summary: `UCP catalog lookup (${UCP_CAPABILITIES.lookup.name}): up to ${UCP_LOOKUP_MAX_IDS} products by product or variant id.`,
  description:
    `UCP catalog lookup: up to ${UCP_LOOKUP_MAX_IDS} products by product id ("123") or variant id ("123-v1"); each variant's ` +
    'inputs say which id found it. Unknown ids are named in not_found messages. Each id counts as one call against the quotas.',
  inputSchema: ucpArguments(UcpLookupRequestSchema),
  outputSchema: UcpAnswerSchema,
  // UCP: a batch over the limit is -32602 (catalog/lookup.md, "Batch Size").
  paramsRefusal: (args) => {
    const ids = (args as { catalog?: { ids?: unknown } } | undefined)?.catalog?.ids;
    return Array.isArray(ids) && ids.length > UCP_LOOKUP_MAX_IDS
      ? `request_too_large: catalog.ids has ${ids.length} identifiers; at most ${UCP_LOOKUP_MAX_IDS} per lookup`
      : null;
  },
  uses: (args) => {
    const ids = (args as { catalog?: { ids?: unknown } } | undefined)?.catalog?.ids;
    return Array.isArray(ids) ? Math.max(1, distinctIds(ids.map(String)).length) : 1;
  },
  run: (ctx, { meta, catalog }) => ucpResult(meta, lookupCatalog(ctx, catalog)),
});
