import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { mirrorProject } from '../../bench/support/netlify-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The root of a hard-linked mirror of the project (bench/support/netlify-bundle.ts) with the
     * sample snapshot in its data/, as a deploy bundles it. Shared by the files that bundle the
     * functions: read only (they bundle into folders of their own; none writes in the mirror).
     */
    netlifyMirror: string;
  }
}

/**
 * One mirror for the run, made after site-setup.ts built dist/ (it links dist/server): linking
 * node_modules' 40,000 files, and removing them, took each bundling file 4 to 5 s.
 * The snapshot is a copy, not a link: a bundle copied from it is never the sample's own file.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-netlify-mirror-'));
  const mirror = await mirrorProject(dir);
  copyFileSync(project.getProvidedContext().sampleSnapshot, join(mirror.root, 'data', 'catalog.sqlite'));
  project.provide('netlifyMirror', mirror.root);
  return () => rmSync(dir, { recursive: true, force: true });
}
