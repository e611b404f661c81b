/*
 * CLI for the deterministic sample-catalog generator (tools/sample-catalog/).
 *   npm run catalog:generate -- --products 1000000 --out DIR [--merchants N] [--stores N] [--seed S] [--gzip]
 * Exit codes: 0 done, 1 failed while writing, 2 invalid arguments.
 */
import { relative } from 'node:path';
import { type ParsedCommand, parseGenerateArgs, USAGE } from '../tools/sample-catalog/cli-args.ts';
import { GenerateOptionsError, generateCatalog } from '../tools/sample-catalog/generate.ts';

/** Runs up to this many products print nothing but the final summary line. */
const PROGRESS_FROM = 50_000;

let command: ParsedCommand;
try {
  command = parseGenerateArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof GenerateOptionsError)) throw error;
  process.stderr.write(`catalog-generate: ${error.message}\nRun with --help for usage.\n`);
  process.exit(2);
}
if (command.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const { options } = command;
const started = performance.now();
let lastReport = started;
let lastDecile = 0;
if (options.products > PROGRESS_FROM) {
  // At every 10%, and every 2 s in between on slow machines; the clock only paces messages,
  // it never reaches the generated data.
  options.onProgress = (done, total) => {
    const now = performance.now();
    const decile = Math.floor((done * 10) / total);
    if (decile === lastDecile && now - lastReport < 2000) return;
    lastDecile = decile;
    lastReport = now;
    process.stderr.write(`products ${done}/${total} (${Math.floor((done * 100) / total)}%)\n`);
  };
}

try {
  const summary = await generateCatalog(options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const bytes = summary.files.reduce((sum, f) => sum + f.bytes, 0);
  process.stdout.write(
    `catalog-generate: ${summary.merchants} merchants, ${summary.stores} stores (${summary.storesInSaoPaulo} in São Paulo), ` +
      `${summary.products} products (${summary.drafts} drafts), seed ${summary.seed} -> ${relative(process.cwd(), options.outDir) || '.'} ` +
      `(${(bytes / 1024 / 1024).toFixed(1)} MiB) in ${seconds} s\n`,
  );
} catch (error) {
  process.stderr.write(`catalog-generate: failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
