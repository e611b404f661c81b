import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { changedDocumentSettings, documentSettings } from './document-settings.ts';

describe('document settings (what npm start compares with the build)', () => {
  const built = documentSettings(loadConfig({}));

  it('records every setting the documents state, by variable name, and never a secret or a path', () => {
    expect(Object.keys(built)).toEqual([
      'SITE_URL',
      'PRODUCT_URL_TEMPLATE',
      'CACHE_MAX_AGE',
      'CACHE_STALE_WHILE_REVALIDATE',
      'RATE_LIMITS',
      'RATE_LIMIT_WINDOW_SECONDS',
      'RATE_LIMIT_REST',
      'RATE_LIMIT_MCP_CALLS',
      'RATE_LIMIT_MCP_REQUESTS',
      'RATE_LIMIT_DISTINCT_IDS',
      'RATE_LIMIT_DISTINCT_WINDOW_SECONDS',
      'RATE_LIMIT_NETWORKS',
      'OPERATOR_NAME',
      'CONTACT_EMAIL',
      'CONTACT_URL',
      'DPO_NAME',
    ]);
    const withSecret = documentSettings(loadConfig({ RATE_LIMIT_SALT: 'a-secret-of-enough-length', RATE_LIMIT_DB: 'elsewhere/q.sqlite' }));
    expect(JSON.stringify(withSecret)).not.toMatch(/a-secret|elsewhere/);
  });

  it('names the settings that differ from the build, survives a JSON round trip, and treats an old build record as all changed', () => {
    const stored = JSON.parse(JSON.stringify(built)) as Record<string, unknown>;
    expect(changedDocumentSettings(stored, documentSettings(loadConfig({})))).toEqual([]);
    expect(changedDocumentSettings(stored, documentSettings(loadConfig({ RATE_LIMIT_REST: '300', RATE_LIMITS: 'off' })))).toEqual([
      'RATE_LIMITS',
      'RATE_LIMIT_REST',
    ]);
    expect(changedDocumentSettings(stored, documentSettings(loadConfig({ SITE_URL: 'https://catalogo.example' })))).toContain('SITE_URL');
    // The legal pages state the operator's contact: a new address needs a rebuild too.
    expect(changedDocumentSettings(stored, documentSettings(loadConfig({ CONTACT_EMAIL: 'oi@catalogo-aberto.com.br' })))).toEqual([
      'CONTACT_EMAIL',
    ]);
    expect(changedDocumentSettings(undefined, built)).toEqual(Object.keys(built));
  });
});
