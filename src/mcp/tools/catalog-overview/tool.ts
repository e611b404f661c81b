import { catalogOverview } from '../../../answers/overview.ts';
import { CatalogOverviewSchema } from '../../../answers/overview-schema.ts';
import { toolArguments } from '../tool-arguments.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';

export const catalogOverviewTool = defineTool({
  name: 'catalog_overview',
  title: 'Catalog overview',
  summary: 'Live catalog counts, cities, categories, public documents and endpoints; call it first.',
  description:
    'Live catalog counts (products, merchants, stores, cities, categories), the default city, the cities and categories ' +
    'with their product counts, the public documents and the machine-readable endpoints, and the usage policy. Call it first.',
  inputSchema: toolArguments({}),
  outputSchema: CatalogOverviewSchema,
  run: (ctx) => structuredResult(catalogOverview(ctx.catalog(), ctx.siteUrl)),
});
