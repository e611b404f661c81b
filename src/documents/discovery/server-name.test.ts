import { describe, expect, it } from 'vitest';
import { SERVICE_NAME } from '../../contract/service-info.ts';
import { catalogIdentifier, registryProblems, serverName, serverNamespace } from './server-name.ts';

describe('the MCP server name of a deployment', () => {
  it("reverses the site's host into the namespace and ends with serverInfo's name", () => {
    expect(serverNamespace('https://catalogo.example.com.br')).toBe('br.com.example.catalogo');
    expect(serverName('https://example.com.br')).toBe(`br.com.example/${SERVICE_NAME}`);
    // No port, no path, no root dot; the URL parser has already lowered the case.
    expect(serverName('https://Loja.Example.com:8443/catalogo')).toBe(`com.example.loja/${SERVICE_NAME}`);
    expect(serverNamespace('https://example.com.')).toBe('com.example');
  });

  it('keeps an IP address as written, an IPv6 one with hyphens, so the name stays valid', () => {
    expect(serverName('http://127.0.0.1:4321')).toBe(`127.0.0.1/${SERVICE_NAME}`);
    expect(serverName('http://[::1]:8080')).toBe(`--1/${SERVICE_NAME}`);
    expect(catalogIdentifier('http://[::1]:8080')).toBe(`urn:air:--1:mcp:${SERVICE_NAME}`);
  });

  it('refuses a host too long for the 200 characters a name may have', () => {
    const host = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.com`;
    expect(() => serverName(`https://${host}`)).toThrow(/at most 200 characters/);
    expect(serverName(`https://${host.slice(10)}`).length).toBeLessThanOrEqual(200);
  });

  it("gives the catalog identifier in the draft's domain-anchored form, the host unreversed and without its port", () => {
    expect(catalogIdentifier('https://example.com:8443')).toBe(`urn:air:example.com:mcp:${SERVICE_NAME}`);
  });
});

describe('whether the MCP Registry would take the server.json', () => {
  it('takes an https site on a domain', () => {
    expect(registryProblems('https://catalogo.example.com.br')).toEqual([]);
  });

  it('says why it would refuse plain http, this machine, or an IP address', () => {
    expect(registryProblems('http://127.0.0.1:4321')).toEqual([
      expect.stringMatching(/not https/),
      expect.stringMatching(/127\.0\.0\.1 is this machine/),
    ]);
    expect(registryProblems('https://localhost:4321')).toEqual([expect.stringMatching(/localhost is this machine/)]);
    expect(registryProblems('https://app.localhost')).toEqual([expect.stringMatching(/this machine/)]);
    expect(registryProblems('https://[::1]')).toEqual([expect.stringMatching(/::1 is this machine/)]);
    expect(registryProblems('https://203.0.113.7')).toEqual([expect.stringMatching(/IP address/)]);
    expect(registryProblems('http://catalogo.example')).toEqual([expect.stringMatching(/not https/)]);
  });
});
