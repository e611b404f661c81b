import { describe, expect, it } from 'vitest';
import { SERVICE_NAME, SERVICE_TITLE } from '../../contract/service-info.ts';
import { aiCatalog } from './ai-catalog.ts';

describe('the AI catalog', () => {
  it('lists the server card by URL, in the members of both drafts of the entry', () => {
    expect(aiCatalog('https://catalogo.example.com.br')).toEqual({
      specVersion: '1.0',
      entries: [
        {
          identifier: `urn:air:catalogo.example.com.br:mcp:${SERVICE_NAME}`,
          // The MCP discovery draft's member, then the AI Catalog specification's two.
          type: 'application/mcp-server-card+json',
          mediaType: 'application/mcp-server-card+json',
          displayName: SERVICE_TITLE,
          url: 'https://catalogo.example.com.br/mcp/server-card',
        },
      ],
    });
  });

  it('gives each entry exactly one of url and data, and an identifier of five colon-separated parts', () => {
    for (const site of ['https://example.com:8443', 'http://127.0.0.1:4321', 'http://[::1]:4321']) {
      const [entry] = aiCatalog(site).entries;
      expect(entry).toHaveProperty('url');
      expect(entry).not.toHaveProperty('data');
      expect(entry!.identifier.split(':'), site).toHaveLength(5);
    }
  });
});
