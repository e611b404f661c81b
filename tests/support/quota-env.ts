import { join } from 'node:path';
import { testTempDir } from './temp-dirs.ts';

/**
 * Quotas for suites that test something else: on (answers carry the quota fields, the quota path
 * runs) but far above what a suite sends, with a quota file of the suite's own, never the
 * repository's data/ (counts would carry over from one run to the next).
 */
export function generousQuotas(): Record<string, string> {
  return {
    RATE_LIMITS: 'on',
    RATE_LIMIT_WINDOW_SECONDS: '60',
    RATE_LIMIT_DISTINCT_WINDOW_SECONDS: '600',
    RATE_LIMIT_REST: '1000000',
    RATE_LIMIT_MCP_CALLS: '1000000',
    RATE_LIMIT_MCP_REQUESTS: '1000000',
    RATE_LIMIT_DISTINCT_IDS: '1000000',
    RATE_LIMIT_DB: join(testTempDir('quotas-'), 'quotas.sqlite'),
  };
}
