import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The folders of src/ by feature, and no import cycle between them: a folder may use another only
 * if that one does not use it back, directly or through others. Each MCP tool's folder counts as
 * a folder of its own, and each platform's; search counts as one wing (its query reading, index
 * reads and build, planner and orchestration import each other freely).
 */
const SRC = 'src';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    // A unit test beside its source is not part of the app's structure.
    return /\.(ts|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** "mcp/tools/get-product", "mcp/tools", "platform/node", "search", "stats", …: the unit a file belongs to. */
function folderOf(file: string): string {
  const parts = relative(SRC, file).split('/').slice(0, -1);
  // Outside src/ (tools/, tests/): the folder itself, as "../tools/sample-catalog".
  if (parts[0] === '..') return parts.join('/');
  const depth = parts[0] === 'platform' ? 2 : parts[0] === 'mcp' && parts[1] === 'tools' ? 3 : 1;
  return parts.slice(0, depth).join('/') || '.';
}

/** The folder graph: each folder and the folders its files import from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), spec!).replace(`${resolve(SRC)}/`, `${SRC}/`));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's path, found by depth-first search (empty: none). */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      found.push([...path.slice(path.indexOf(node)), node].join(' → '));
      return;
    }
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node, []);
  return found;
}

describe('src/ folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual(['a → b → c → a']);
  });

  it('keeps the leaves leaves: lib, contract, config and http import no other folder of the app', () => {
    const graph = folderGraph();
    expect([...(graph.get('lib') ?? [])]).toEqual([]);
    expect([...(graph.get('contract') ?? [])]).toEqual([]);
    expect([...(graph.get('http') ?? [])]).toEqual([]);
    expect([...(graph.get('config') ?? [])]).toEqual([]);
  });

  it('keeps the catalog below search: the catalog reader imports nothing of search (search reads the catalog)', () => {
    const graph = folderGraph();
    expect(graph.has('catalog-read')).toBe(true);
    expect([...(graph.get('catalog-read') ?? [])].filter((to) => to === 'search')).toEqual([]);
    expect(graph.get('search')?.has('catalog-read')).toBe(true);
  });

  it('keeps the MCP tools behind the MCP endpoint: no folder outside src/mcp/ imports src/mcp/tools/', () => {
    const graph = folderGraph();
    const reaching = [...graph].filter(([from, to]) => !from.startsWith('mcp') && [...to].some((t) => t.startsWith('mcp/tools')));
    expect(reaching.map(([from]) => from)).toEqual([]);
  });

  it('leaves the sample generator (tools/sample-catalog) to scripts, tests and benchmarks: src/ never imports it', () => {
    const graph = folderGraph();
    const reaching = [...graph].filter(([, to]) => [...to].some((t) => t.startsWith('../tools')));
    expect(reaching.map(([from]) => from)).toEqual([]);
  });
});
