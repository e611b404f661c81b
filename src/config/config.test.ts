import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it("prefers SITE_URL, then Netlify's URL, and drops a trailing slash", () => {
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

  it('has no metrics listener unless METRICS_PORT is set, on loopback by default, never on the public port', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 0 });
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '65536' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '4321' })).toThrow(/METRICS_PORT: must not be the public PORT/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
    // Both on any free port: two different ports, whatever the system picks.
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
  });
});

describe('loadConfig: quotas and the product page template', () => {
  it('has the documented quota defaults, each set by its variable, and RATE_LIMITS=off', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      enabled: true,
      windowSeconds: 60,
      rest: 120,
      mcpCalls: 60,
      mcpRequests: 240,
      distinctIds: 100,
      distinctWindowSeconds: 600,
      salt: null,
      networks: [],
      ipv6Prefix: 56,
      localStore: 'data/quotas.sqlite',
      redisUrl: null,
      redisTimeoutMs: 100,
      trustProxy: false,
    });
    expect(loadConfig({ RATE_LIMIT_REDIS_TIMEOUT_MS: '250' }).rateLimits.redisTimeoutMs).toBe(250);
    expect(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '64' }).rateLimits.ipv6Prefix).toBe(64);
    for (const prefix of ['31', '65', '56.5', 'x'])
      expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: prefix })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
    expect(() => loadConfig({ RATE_LIMIT_REDIS_TIMEOUT_MS: '0' })).toThrow(/RATE_LIMIT_REDIS_TIMEOUT_MS/);
    expect(() => loadConfig({ RATE_LIMIT_SALT: 'short' })).toThrow(/RATE_LIMIT_SALT/);
    expect(loadConfig({ RATE_LIMITS: 'off', RATE_LIMIT_REST: '5' }).rateLimits).toMatchObject({ enabled: false, rest: 5 });
    expect(() => loadConfig({ RATE_LIMIT_REST: '0' })).toThrow(/RATE_LIMIT_REST/);
    expect(() => loadConfig({ RATE_LIMITS: 'no' })).toThrow(/RATE_LIMITS/);
  });

  it('takes a CURSOR_SECRET of 32 characters or more, and refuses a shorter one by name without showing it', () => {
    expect(loadConfig({}).cursorSecret).toBeNull();
    const secret = 'c'.repeat(32);
    expect(loadConfig({ CURSOR_SECRET: secret }).cursorSecret).toBe(secret);
    const short = 'too-short-secret-31-characters!';
    expect(() => loadConfig({ CURSOR_SECRET: short })).toThrow(ConfigError);
    expect(() => loadConfig({ CURSOR_SECRET: short })).toThrow(
      'Invalid environment configuration: CURSOR_SECRET: must be at least 32 characters (make one with: openssl rand -base64 32)',
    );
    expect(() => loadConfig({ CURSOR_SECRET: short })).not.toThrow(short);
  });

  it('makes a path template absolute on SITE_URL and refuses one that gives no http(s) URL', () => {
    expect(loadConfig({ SITE_URL: 'https://catalogo.example' }).productUrlTemplate).toBe('https://catalogo.example/produtos/{id}/{slug}');
    expect(loadConfig({ PRODUCT_URL_TEMPLATE: 'https://loja.example/p/{id}' }).productUrlTemplate).toBe('https://loja.example/p/{id}');
    expect(() => loadConfig({ PRODUCT_URL_TEMPLATE: 'loja/{id}' })).toThrow(/PRODUCT_URL_TEMPLATE/);
    expect(() => loadConfig({ PRODUCT_URL_TEMPLATE: 'javascript:alert({id})' })).toThrow(/PRODUCT_URL_TEMPLATE/);
  });

  it('refuses a template on this site that no product page would answer', () => {
    expect(loadConfig({ PRODUCT_URL_TEMPLATE: '/p/{slug}-{id}' }).productUrlTemplate).toMatch(/\/p\/\{slug\}-\{id\}$/);
    expect(() => loadConfig({ PRODUCT_URL_TEMPLATE: '/{id}' })).toThrow(/fixed segment/);
    expect(() => loadConfig({ PRODUCT_URL_TEMPLATE: '/produtos?id={id}' })).toThrow(/fixed segment/);
    // Netlify routes only /produtos/* to the pages' Function.
    expect(loadConfig({ NETLIFY: 'true', PRODUCT_URL_TEMPLATE: '/produtos/{slug}-{id}' }).productUrlTemplate).toContain('/produtos/');
    expect(() => loadConfig({ NETLIFY: 'true', PRODUCT_URL_TEMPLATE: '/p/{id}' })).toThrow(/on Netlify/);
    expect(loadConfig({ NETLIFY: 'true', PRODUCT_URL_TEMPLATE: 'https://loja.example/p/{id}' }).productUrlTemplate).toBe(
      'https://loja.example/p/{id}',
    );
  });
});
