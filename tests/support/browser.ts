import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Frame, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { describeWithProgram, findOnPath, isExecutableFile } from './system-program.ts';

/*
 * The real-browser suite: the system's Chromium (Debian's chromium package; CI installs it with
 * apt-get) driven by playwright-core, which never downloads a browser of its own.
 */

export const CHROMIUM_MISSING =
  "Chromium not found: the browser suite did not run (install Debian's chromium package or set CHROMIUM_PATH)";

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome'];

/** CHROMIUM_PATH when set (and only it: a wrong path is not silently replaced), else the first candidate on PATH. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return isExecutableFile(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return findOnPath(CANDIDATES, env);
}

/**
 * Launches Chromium headless. No sandbox and no /dev/shm: CI containers run as root (where the
 * sandbox refuses to start) with a small /dev/shm.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    chromiumSandbox: false,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/**
 * One Chromium in the run at a time: the browser files run beside the others (vitest.config.ts),
 * but two of them side by side once lost photos to the load. The turn is a file created
 * exclusively in the run's shared root; a file waiting for it waits beside the others' work.
 */
async function chromiumTurn(): Promise<() => void> {
  const lock = join(inject('runSharedRoot'), 'chromium.lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A describe block that gets a launched Chromium (one per block, closed after it; one in the run at a time): see describeWithProgram. */
export function describeBrowser(name: string, fn: (browser: () => Browser) => void) {
  const path = process.env.CHROMIUM_PATH;
  const turns = new WeakMap<Browser, () => void>();
  describeWithProgram(
    name,
    {
      executable: findChromium(),
      missing: `${CHROMIUM_MISSING}${path ? ` (CHROMIUM_PATH=${path})` : ''}`,
      ciTest: 'finds Chromium (CI installs it)',
      start: async (executable) => {
        const release = await chromiumTurn();
        try {
          const browser = await launchChromium(executable);
          turns.set(browser, release);
          return browser;
        } catch (error) {
          release();
          throw error;
        }
      },
      stop: async (browser) => {
        try {
          await browser.close();
        } finally {
          turns.get(browser)?.();
        }
      },
      // The other browser file's whole run, at most, then a launch.
      startTimeout: 300_000,
    },
    fn,
  );
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions of the page, as they happened. */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * A page in a fresh context. `site` maps the site's own URL (what absolute links on the pages
 * name) to the server under test (which listens on a free port): a request to `site.url` is
 * answered by `site.server`, so following an absolute link works as it would on the real site.
 * Requests to any other host are refused, so the suite never leaves the machine (the sample's
 * image host does not exist).
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions & { site?: { url: string; server: string } } = {},
): Promise<OpenPage> {
  const { site, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  if (site) {
    const from = new URL(site.url).origin;
    const to = new URL(site.server).origin;
    await context.route(
      (url) => /^(https?|wss?):$/.test(url.protocol) && url.origin !== from && url.origin !== to,
      (route) => route.abort('blockedbyclient'),
    );
    if (from !== to)
      await context.route(
        (url) => url.origin === from,
        async (route) => {
          const response = await route.fetch({ url: to + route.request().url().slice(from.length), maxRedirects: 0 });
          await route.fulfill({ response });
        },
      );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; text?: string; failureSummary?: string }[];
}

/** Runs axe-core in the page or frame (its source injected; it needs JavaScript) and returns the violations. */
export async function axeViolations(page: Page | Frame): Promise<AxeViolation[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (globalThis as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => {
        // The element's text helps find it where the html is only its opening tag.
        const selector = n.target.length === 1 && typeof n.target[0] === 'string' ? n.target[0] : undefined;
        const text = (selector && document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim().slice(0, 80)) || undefined;
        return { target: n.target.map(String), html: n.html, text, failureSummary: n.failureSummary };
      }),
    }));
  });
}

/**
 * Fails with every serious or critical violation (rule, impact, help, elements); lesser ones are
 * allowed, unless `strict`: then any violation fails (the legal pages, which have no excuse).
 */
export async function expectAxeClean(page: Page, label: string, options: { strict?: boolean } = {}) {
  const violations = await axeViolations(page);
  const blocking = violations
    .filter((v) => options.strict || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} <${v.helpUrl}>\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.html}${n.text ? ` "${n.text}"` : ''}${n.failureSummary ? `\n      ${n.failureSummary.replaceAll('\n', '\n      ')}` : ''}`).join('\n')}`,
    );
  expect(blocking, `axe: ${options.strict ? 'any' : 'serious or critical'} violations on ${label}`).toEqual([]);
}

/** Where screenshots go: test-output/screenshots/ at the project's root (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

/** A full-page PNG of the page, written to test-output/screenshots/<name>. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}
