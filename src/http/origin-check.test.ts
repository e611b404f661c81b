import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin-check.ts';

const ALLOWED = new Set(['https://catalog.example', 'https://app.example:8443']);

describe('the Origin check', () => {
  it('lets requests without Origin pass: programs, not pages', () => {
    expect(originAllowed(null, ALLOWED)).toBe(true);
  });

  it('lets every origin pass when no list is set', () => {
    expect(originAllowed('https://evil.example', null)).toBe(true);
  });

  it('allows the listed origins, in any case, and refuses others', () => {
    expect(originAllowed('https://catalog.example', ALLOWED)).toBe(true);
    expect(originAllowed('HTTPS://Catalog.Example', ALLOWED)).toBe(true);
    expect(originAllowed('https://app.example:8443', ALLOWED)).toBe(true);
    expect(originAllowed('https://app.example', ALLOWED)).toBe(false);
    expect(originAllowed('http://catalog.example', ALLOWED)).toBe(false);
    expect(originAllowed('https://evil.example', ALLOWED)).toBe(false);
    expect(originAllowed('https://catalog.example.evil.example', ALLOWED)).toBe(false);
  });

  it("always allows pages on the visitor's own machine, on any port", () => {
    expect(originAllowed('http://localhost:6274', ALLOWED)).toBe(true);
    expect(originAllowed('https://localhost', ALLOWED)).toBe(true);
    expect(originAllowed('http://127.0.0.1:4321', ALLOWED)).toBe(true);
    expect(originAllowed('http://[::1]:3000', ALLOWED)).toBe(true);
  });

  it('does not take a name that only starts like loopback, or another scheme', () => {
    expect(originAllowed('http://localhost.evil.example', ALLOWED)).toBe(false);
    expect(originAllowed('http://127.0.0.1.nip.io', ALLOWED)).toBe(false);
    expect(originAllowed('ws://localhost:4321', ALLOWED)).toBe(false);
    expect(originAllowed('file://localhost', ALLOWED)).toBe(false);
  });

  it('refuses the opaque origin "null" (sandboxed frames, local files) and garbage', () => {
    expect(originAllowed('null', ALLOWED)).toBe(false);
    expect(originAllowed('not an origin', ALLOWED)).toBe(false);
    expect(originAllowed('', ALLOWED)).toBe(false);
  });
});
