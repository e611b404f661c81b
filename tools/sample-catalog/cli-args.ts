import { parseArgs } from 'node:util';
import { type GenerateOptions, GenerateOptionsError, LIMITS, resolveOptions } from './generate.ts';
import { SAMPLE_AS_OF } from './past-prices.ts';

export const USAGE = `Usage: npm run catalog:generate -- --out DIR [options]

Writes a deterministic sample catalog (merchants, stores, products, engagement) as NDJSON.

Options:
  --products N    number of products (default 300, at most ${LIMITS.products})
  --merchants N   number of merchants (default max(12, round(products / 20)))
  --stores N      number of stores, at least merchants (default 2 x merchants)
  --seed S        integer 0..${LIMITS.seed} (default 1); same options, same bytes
  --out DIR       output directory (required; created if missing)
  --gzip          write .ndjson.gz files instead of .ndjson
  --history-days N  past prices of N days (prices.ndjson, and export.json's asOf); default 0, none
  --as-of DATE    the catalog's instant with --history-days (RFC 3339, default ${SAMPLE_AS_OF})
  --help          show this help`;

export type ParsedCommand = { help: true } | { help: false; options: GenerateOptions };

/** Strict decimal: "1e6", "0x10", " 5" or "12abc" are mistakes, not numbers. */
function integer(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,16}$/.test(raw)) throw new GenerateOptionsError(`--${name} must be a whole number (got '${raw}')`);
  return Number(raw);
}

const OPTIONS = {
  products: { type: 'string' },
  merchants: { type: 'string' },
  stores: { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string' },
  gzip: { type: 'boolean' },
  'history-days': { type: 'string' },
  'as-of': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses the command line; throws GenerateOptionsError (exit code 2) for anything unusable. */
export function parseGenerateArgs(argv: readonly string[]): ParsedCommand {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: OPTIONS }));
  } catch (error) {
    throw new GenerateOptionsError((error as Error).message);
  }
  if (values.help) return { help: true };
  if (values.out === undefined || values.out === '') throw new GenerateOptionsError('--out DIR is required');

  const options: GenerateOptions = {
    products: integer('products', values.products) ?? 300,
    merchants: integer('merchants', values.merchants),
    stores: integer('stores', values.stores),
    seed: integer('seed', values.seed),
    outDir: values.out,
    gzip: values.gzip ?? false,
    historyDays: integer('history-days', values['history-days']),
    asOf: values['as-of'],
  };
  resolveOptions(options); // range checks now, before any file is touched
  return { help: false, options };
}
