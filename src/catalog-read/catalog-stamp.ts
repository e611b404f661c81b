import { z } from 'zod';

/** The snapshot an answer comes from: every MCP result and JSON document states it. */
export const CatalogStampSchema = {
  catalogVersion: z.string().describe('Version of the catalog snapshot this answer comes from'),
  generatedAt: z.string().describe('When that snapshot was generated (ISO 8601)'),
};
