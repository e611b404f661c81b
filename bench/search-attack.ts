/**
 * One client's costly searches against everybody else's latency: the self-hosted server on the
 * benchmark's snapshot, a victim asking for REST stats one request at a time, first alone, then
 * while an attacker calls /mcp/research's search back to back with the costliest queries (the most
 * frequent words together: issue 29 measured a 2.7 s REST median that way on a million products
 * before the bound). With the public quotas as configured by default (behind a proxy that names
 * each client: the victim's requests come from many addresses, the attacker's from one), and
 * without quotas, where nothing but the bound stops the attacker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './support/figures.ts';
import { startProcess } from './support/server-process.ts';

export interface LatencyFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

export interface AttackFigures {
  alone: LatencyFigures;
  underAttack: LatencyFigures;
  /** Calls answered, 429s included. */
  attackCalls: number;
  /** Calls refused by the quota. */
  attackRefused: number;
  attackP50: number;
  attackMax: number;
}

/** A benchmarking address (198.18.0.0/15) per request: no victim request meets a quota. */
const victimAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

async function victim(url: string, until: number): Promise<LatencyFigures> {
  const samples: number[] = [];
  for (let id = 1; performance.now() < until; id++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/public/v1/products/${1 + (id % 1000)}/stats`, {
      headers: { 'X-Forwarded-For': victimAddress(id) },
    });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { requests: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1) ?? 0 };
}

export async function benchSearchAttack(options: {
  snapshot: string;
  seconds: number;
  queries: string[];
  quotas: boolean;
}): Promise<AttackFigures> {
  const quotaDir = mkdtempSync(join(tmpdir(), 'search-attack-'));
  const server = await startProcess(['scripts/serve.ts'], {
    HOST: '127.0.0.1',
    PORT: '0',
    CATALOG_DB: options.snapshot,
    RATE_LIMITS: options.quotas ? 'on' : 'off',
    RATE_LIMIT_DB: join(quotaDir, 'quotas.sqlite'),
    TRUST_PROXY: 'on',
    LOG_LEVEL: 'warn',
  });
  try {
    await victim(server.url, performance.now() + 1000);
    const alone = await victim(server.url, performance.now() + options.seconds * 1000);
    const attack: number[] = [];
    let refused = 0;
    let stop = false;
    const attacker = (async () => {
      for (let i = 0; !stop; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/mcp/research`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'MCP-Protocol-Version': '2025-06-18',
            'X-Forwarded-For': '198.19.255.1',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'search', arguments: { query: options.queries[i % options.queries.length] } },
          }),
        });
        await response.arrayBuffer();
        attack.push(performance.now() - started);
        if (response.status === 429) refused++;
      }
    })();
    const underAttack = await victim(server.url, performance.now() + options.seconds * 1000);
    stop = true;
    await attacker;
    attack.sort((a, b) => a - b);
    return {
      alone,
      underAttack,
      attackCalls: attack.length,
      attackRefused: refused,
      attackP50: percentile(attack, 50),
      attackMax: attack.at(-1) ?? 0,
    };
  } finally {
    await server.stop();
    rmSync(quotaDir, { recursive: true, force: true });
  }
}
