/**
 * `npm run build`: the catalog snapshot, then the Astro site. Records what the site was built
 * with, so `npm start` can tell a stale build from a fresh one.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config/config.ts';
import { documentSettings } from '../src/documents/document-settings.ts';

export const BUILD_INFO = 'dist/build-info.json';

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ASTRO_TELEMETRY_DISABLED: '1', ...process.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function build(): void {
  const config = loadConfig();
  run(['scripts/build-catalog.ts']);
  run(['node_modules/astro/bin/astro.mjs', 'build']);
  writeFileSync(BUILD_INFO, `${JSON.stringify({ documents: documentSettings(config), builtAt: new Date().toISOString() }, null, 2)}\n`);
}

if (import.meta.main) build();
