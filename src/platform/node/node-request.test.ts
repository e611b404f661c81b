import { describe, expect, it } from 'vitest';
import { targetOf } from './node-request.ts';

/*
 * The self-hosted server routes a request target as the Web platforms route the Request built
 * from it: the path and query the WHATWG URL parser gives for that target on the site's origin.
 */
const TARGETS = [
  '/api/public/v1/products/1/stats',
  '/api/public/v1/x/../products/1/stats',
  '/api/../gpt.json',
  '/api/%2e%2e/gpt.json',
  '/api/.%2E/gpt.json',
  '/a/%2e/b/',
  '/x\\..\\gpt.json',
  '//gpt.json',
  '//host/../gpt.json',
  '//[/..',
  '//a b/..',
  '/gpt/products.json?limit=5#x',
  '/mcp?x=1#y?z',
  '/a#b/../c',
  '/a/b/../../../..',
  '/api?limit=1',
  '/%',
  '/"{x}"/..',
];

describe('targetOf', () => {
  it('gives the path and query of the WHATWG URL of the target on an origin', () => {
    for (const target of TARGETS) {
      const url = new URL(`http://localhost${target}`);
      expect(targetOf(target), target).toEqual({ pathname: url.pathname, search: url.search });
    }
  });

  it('never reads a target as a URL of another host', () => {
    expect(targetOf('//host/../gpt.json').pathname).toBe('//gpt.json');
    expect(targetOf('//[/..').pathname).toBe('//');
  });
});
