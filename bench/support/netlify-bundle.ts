import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { linkTree } from '../../src/lib/file-tree.ts';

export function treeBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? treeBytes(path) : lstatSync(path).size;
  }
  return bytes;
}

/** Each entry of a zip file with its compressed size, read from the central directory. */
export function zipEntrySizes(file: string): Map<string, number> {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const read = (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, position);
      return buffer;
    };
    const tailLength = Math.min(size, 65_557);
    const tail = read(size - tailLength, tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) throw new Error(`${file}: no end of central directory`);
    const count = tail.readUInt16LE(end + 10);
    const directory = read(tail.readUInt32LE(end + 16), tail.readUInt32LE(end + 12));
    const entries = new Map<string, number>();
    for (let offset = 0, n = 0; n < count; n++) {
      if (directory.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: bad central directory entry`);
      const compressed = directory.readUInt32LE(offset + 20);
      if (compressed === 0xffffffff) throw new Error(`${file}: zip64 entries are not read here`);
      const nameLength = directory.readUInt16LE(offset + 28);
      const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
      entries.set(name, compressed);
      offset += 46 + nameLength + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

type FunctionsToml = Record<string, { included_files?: string[]; node_bundler?: 'nft' | 'esbuild'; external_node_modules?: string[] }>;

/** netlify.toml's [functions] blocks as a deploy hands them to the bundler (camelCase keys). */
export async function bundlerConfig(root: string) {
  const { config } = await resolveConfig({ cwd: root, offline: true });
  return Object.fromEntries(
    Object.entries((config.functions ?? {}) as FunctionsToml).map(([name, settings]) => [
      name,
      { includedFiles: settings.included_files, nodeBundler: settings.node_bundler, externalNodeModules: settings.external_node_modules },
    ]),
  );
}

export const MiB = 1024 * 1024;
export const mb = (bytes: number) => (bytes / MiB).toFixed(1);

export interface ProjectMirror {
  /** The mirror's root: bundle from here. */
  root: string;
  /** netlify.toml's settings for the bundler. */
  config: Awaited<ReturnType<typeof bundlerConfig>>;
}

/**
 * The files a deploy bundles the service Function from (node_modules, src, netlify, the server
 * build, netlify.toml, package.json), hard-linked under `dir`: the bundler runs there with any
 * snapshot in data/, and the repository's own data/ is never touched.
 */
export async function mirrorProject(dir: string): Promise<ProjectMirror> {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('dist/server is missing: build the site first (npm run build)');
  const root = join(dir, 'site');
  for (const sub of ['node_modules', 'src', 'netlify', join('dist', 'server')]) linkTree(sub, join(root, sub));
  for (const file of ['netlify.toml', 'package.json']) copyFileSync(file, join(root, file));
  mkdirSync(join(root, 'data'));
  return openMirror(root);
}

/** A mirror mirrorProject made before (another process's, say), read as it is. */
export async function openMirror(root: string): Promise<ProjectMirror> {
  return { root, config: await bundlerConfig(root) };
}

export interface ServiceBundle {
  unzippedBytes: number;
  zippedBytes: number;
  /** The snapshot's own entry in the zip (compressed). */
  snapshotZippedBytes: number;
}

/** Bundles the mirror's service Function with `snapshot` as its data/catalog.sqlite, unzipped and zipped, and weighs both. */
export async function measureServiceBundle(mirror: ProjectMirror, snapshot: string, work: string): Promise<ServiceBundle> {
  const placed = join(mirror.root, 'data', 'catalog.sqlite');
  rmSync(placed, { force: true });
  linkSync(snapshot, placed);
  try {
    return await weighServiceBundle(mirror, work);
  } finally {
    rmSync(placed, { force: true });
  }
}

/**
 * Bundles the mirror's service Function with the snapshot its data/ holds, unzipped and zipped
 * (into `work`, never into the mirror: several files may bundle from one mirror), and weighs both.
 */
export async function weighServiceBundle(mirror: ProjectMirror, work: string): Promise<ServiceBundle> {
  const bundle = async (archiveFormat: 'none' | 'zip') => {
    const out = join(work, `out-${archiveFormat}`);
    rmSync(out, { recursive: true, force: true });
    const result = await zipFunction(join(mirror.root, 'netlify', 'functions', 'service.ts'), out, {
      archiveFormat,
      basePath: mirror.root,
      repositoryRoot: mirror.root,
      config: mirror.config,
    });
    if (!result) throw new Error('the service function was not bundled');
    return result.path;
  };
  try {
    const unzippedBytes = treeBytes(await bundle('none'));
    const zip = await bundle('zip');
    const entries = zipEntrySizes(zip);
    const snapshotEntry = [...entries.keys()].find((name) => name.endsWith('data/catalog.sqlite'));
    if (snapshotEntry === undefined) throw new Error('the bundle has no snapshot');
    return { unzippedBytes, zippedBytes: statSync(zip).size, snapshotZippedBytes: entries.get(snapshotEntry)! };
  } finally {
    for (const format of ['none', 'zip']) rmSync(join(work, `out-${format}`), { recursive: true, force: true });
  }
}
