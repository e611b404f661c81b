import type { AnswerContext } from '../../src/answers/context.ts';
import type { CatalogReader } from '../../src/catalog-read/catalog-reader.ts';
import { fixedCursorSecret } from '../../src/search/local/cursor-secret.ts';

export const benchToolContext = (catalog: CatalogReader): AnswerContext => ({
  catalog: () => catalog,
  siteUrl: 'https://bench.example',
  productUrl: (id, slug) => `https://bench.example/produtos/${id}/${slug}`,
  cursorSecret: fixedCursorSecret('bench cursor secret'),
  logError: console.error,
});

/** `naiveRuns` 0 leaves the naive plan out (it takes seconds a query: for quick looks at ours). */
