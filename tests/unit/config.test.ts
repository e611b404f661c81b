import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('has defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      catalogSource: 'data/sample',
      catalogDb: 'data/catalog.sqlite',
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://127.0.0.1:4321',
      cache: { maxAge: 60, staleWhileRevalidate: 300 },
    });
  });

  it('prefers SITE_URL, then Netlify\'s URL, and drops a trailing slash', () => {
    expect(loadConfig({ SITE_URL: 'https://catalogo.example/', URL: 'https://x.netlify.app' }).siteUrl).toBe('https://catalogo.example');
    expect(loadConfig({ URL: 'https://x.netlify.app' }).siteUrl).toBe('https://x.netlify.app');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).siteUrl).toBe('http://[::1]:8080');
  });

  it('treats empty variables as unset and names the variable of a bad value', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(4321);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ CACHE_MAX_AGE: '-1' })).toThrow(/CACHE_MAX_AGE/);
  });
});
