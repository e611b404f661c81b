import { describe, expect, it } from 'vitest';
import { NO_STORE, publicCacheControl, QUOTA_FIELDS_PRIVATE, snapshotJsonHeaders } from './caching.ts';

const meta = { catalogVersion: 'a1b2c3d4e5f60718', generatedAt: '2026-11-20T10:00:00.000Z' };
const quota = { 'RateLimit-Policy': '"rest";q=120;w=60', RateLimit: '"rest";r=119;t=60' };
const PUBLIC = 'public, max-age=60, stale-while-revalidate=300';

describe('cache policies', () => {
  it('say public, max-age and stale-while-revalidate from the configured seconds', () => {
    expect(publicCacheControl({ maxAge: 60, staleWhileRevalidate: 300 })).toBe(PUBLIC);
    expect(publicCacheControl({ maxAge: 0, staleWhileRevalidate: 0 })).toBe('public, max-age=0, stale-while-revalidate=0');
  });

  it('keep errors and per-request answers out of every cache', () => {
    expect(NO_STORE).toBe('no-store');
  });
});

describe('the headers of a snapshot JSON answer', () => {
  it('carry JSON, CORS, the cache policy, the validator and the catalog it came from', () => {
    const headers = new Headers(snapshotJsonHeaders(PUBLIC, '"abc-1"', meta, null, null));
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('cache-control')).toBe(PUBLIC);
    expect(headers.get('etag')).toBe('"abc-1"');
    expect(headers.get('catalog-version')).toBe(meta.catalogVersion);
    expect(headers.get('catalog-generated-at')).toBe(meta.generatedAt);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.has('ratelimit')).toBe(false);
    expect(headers.has('ratelimit-policy')).toBe(false);
  });

  it("carry a counted client's quota fields, and keep a shared cache from storing exactly those", () => {
    const headers = new Headers(snapshotJsonHeaders(PUBLIC, '"abc-1"', meta, quota, null));
    expect(headers.get('ratelimit')).toBe(quota.RateLimit);
    expect(headers.get('ratelimit-policy')).toBe(quota['RateLimit-Policy']);
    expect(headers.get('cache-control')).toBe(`${PUBLIC}, private="RateLimit, RateLimit-Policy"`);
    // The qualified private directive names the quota fields, and only them.
    const named = /^private="([^"]*)"$/.exec(QUOTA_FIELDS_PRIVATE)![1]!.split(', ');
    expect(named.map((n) => n.toLowerCase()).sort()).toEqual(
      Object.keys(quota)
        .map((n) => n.toLowerCase())
        .sort(),
    );
  });

  it("add the platform's CDN headers", () => {
    const cdn = { 'Netlify-CDN-Cache-Control': 'no-store', 'Netlify-Vary': 'query=limit' };
    const headers = new Headers(snapshotJsonHeaders(PUBLIC, '"abc-1"', meta, quota, cdn));
    expect(headers.get('netlify-cdn-cache-control')).toBe('no-store');
    expect(headers.get('netlify-vary')).toBe('query=limit');
    expect(headers.get('etag')).toBe('"abc-1"');
  });
});
