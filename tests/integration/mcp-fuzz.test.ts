import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { TOOLS as SERVED_TOOLS } from '../../src/mcp/tool-list.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';

/*
 * JSON-RPC bodies a careless or hostile client sends, from a seeded generator (the seed is printed
 * on failure, so a run can be replayed): wrong types for id, method, params and arguments, deep
 * nesting, unicode and NUL. A client's mistake is never a 5xx and never -32603 Internal error.
 */
const app = createApp(loadConfig({ CATALOG_DB: inject('sampleSnapshot'), RATE_LIMITS: 'off' }), nodePlatform());
afterAll(() => app.close());

/** mulberry32: small, seedable, good enough to spread cases. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Budget words alone ("até 3 mil", "mil"): a search of no words, browsed within the budget (issue 51).
const STRINGS = [
  '',
  'x',
  '\u0000',
  'ção',
  '🙂',
  '\u202e',
  'a'.repeat(5000),
  'tools/call',
  '__proto__',
  'constructor',
  '{"a":1}',
  'até 3 mil',
  'mil',
];
const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'server/discover',
  'notifications/initialized',
  'resources/list',
  'x/y',
  '',
];
// The endpoint's tools (from its list), and names it does not have.
const TOOLS = [...SERVED_TOOLS.map((tool) => tool.name), 'nope', ''];
const ARGUMENT_NAMES = [
  'query',
  'category',
  'city',
  'district',
  'latitude',
  'longitude',
  'radiusKm',
  'limit',
  'productId',
  'cidade',
  '__proto__',
];

function generator(seed: number) {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const value = (depth: number): unknown => {
    const kind = Math.floor(next() * (depth > 3 ? 6 : 8));
    switch (kind) {
      case 0:
        return null;
      case 1:
        return next() < 0.5;
      case 2:
        return pick([0, -1, 1.5, 1e308, -0, 9007199254740992, 42, Number.MAX_SAFE_INTEGER]);
      case 3:
      case 4:
        return pick(STRINGS);
      case 5:
        return [];
      case 6:
        return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(ARGUMENT_NAMES), value(depth + 1)]));
    }
  };
  const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: [deep(levels - 1)] });
  return (): unknown => {
    const message: Record<string, unknown> = {};
    if (next() < 0.9) message.jsonrpc = next() < 0.9 ? '2.0' : value(0);
    if (next() < 0.8) message.id = next() < 0.6 ? pick([1, 'a', 0]) : value(0);
    message.method = next() < 0.85 ? pick(METHODS) : value(0);
    const r = next();
    if (r < 0.6) {
      const args =
        next() < 0.7
          ? Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(ARGUMENT_NAMES), value(1)]))
          : value(0);
      message.params = { name: next() < 0.8 ? pick(TOOLS) : value(0), arguments: args };
    } else if (r < 0.75) message.params = value(0);
    else if (r < 0.8) message.params = deep(Math.floor(next() * 2000));
    else if (r < 0.85) message.params = { protocolVersion: value(0), capabilities: value(0), clientInfo: value(0) };
    return next() < 0.05 ? [message] : message;
  };
}

describe('MCP endpoint under fuzzed JSON-RPC bodies', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20261123);
  it(`answers 800 generated messages without a 5xx or -32603 (seed ${seed})`, async () => {
    const generate = generator(seed);
    const headers: Record<string, string>[] = [
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-11-25' },
      { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_product' },
    ];
    for (let i = 0; i < 800; i++) {
      const message = generate();
      const body = JSON.stringify(message);
      const response = await app.fetch(new Request('http://localhost/mcp', { method: 'POST', headers: headers[i % headers.length], body }));
      const text = await response.text();
      const context = `case ${i}: ${body.slice(0, 300)} -> ${response.status} ${text.slice(0, 300)}`;
      expect(response.status, context).toBeLessThan(500);
      if (text) {
        const answer = JSON.parse(text);
        expect(answer.error?.code, context).not.toBe(-32603);
        // Never a raw multi-line dump of a validation error.
        expect(answer.error?.message ?? '', context).not.toMatch(/\n/);
      }
    }
  });
});
