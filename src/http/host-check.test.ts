import { describe, expect, it } from 'vitest';
import { hostAllowed } from './host-check.ts';

/** The default list of a server on a loopback address, with the site's own host (a port given). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', 'catalog.example:4321']);

describe('the Host check (DNS-rebinding protection)', () => {
  it('refuses a request without Host and a rebound name', () => {
    expect(hostAllowed(null, LOOPBACK)).toBe(false);
    expect(hostAllowed('evil.example', LOOPBACK)).toBe(false);
    expect(hostAllowed('evil.example:4321', LOOPBACK)).toBe(false);
    expect(hostAllowed('localhost.evil.example', LOOPBACK)).toBe(false);
    expect(hostAllowed('127.0.0.1.nip.io', LOOPBACK)).toBe(false);
  });

  it('allows a listed name without a port on any port, and only a port', () => {
    expect(hostAllowed('localhost', LOOPBACK)).toBe(true);
    expect(hostAllowed('localhost:4321', LOOPBACK)).toBe(true);
    expect(hostAllowed('127.0.0.1:8080', LOOPBACK)).toBe(true);
    expect(hostAllowed('localhost:evil.example', LOOPBACK)).toBe(false);
    expect(hostAllowed('localhost:4321x', LOOPBACK)).toBe(false);
  });

  it('allows a listed name with a port on that port only', () => {
    expect(hostAllowed('catalog.example:4321', LOOPBACK)).toBe(true);
    expect(hostAllowed('catalog.example', LOOPBACK)).toBe(false);
    expect(hostAllowed('catalog.example:80', LOOPBACK)).toBe(false);
  });

  it('reads IPv6 literals in brackets, with or without a port', () => {
    expect(hostAllowed('[::1]', LOOPBACK)).toBe(true);
    expect(hostAllowed('[::1]:4321', LOOPBACK)).toBe(true);
    expect(hostAllowed('[::2]:4321', LOOPBACK)).toBe(false);
    expect(hostAllowed('::1', LOOPBACK)).toBe(false);
  });

  it('ignores case and surrounding spaces', () => {
    expect(hostAllowed('LocalHost:4321', LOOPBACK)).toBe(true);
    expect(hostAllowed(' CATALOG.example:4321 ', LOOPBACK)).toBe(true);
  });

  // Not reachable from a browser (a page's Host is its URL's host), but only a port comes off.
  it('refuses text after a bracketed IPv6 literal that is not a port', () => {
    expect(hostAllowed('[::1]evil.example', LOOPBACK)).toBe(false);
  });
});
