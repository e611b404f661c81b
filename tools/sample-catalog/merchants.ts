import type { MerchantRecord } from '../../src/catalog-build/export-records.ts';
import { CATEGORIES, CATEGORY_WEIGHTS } from './categories.ts';
import { Rng, Stream } from './rng.ts';
import type { StoreLocation } from './stores.ts';
import { slugify } from './text.ts';

/**
 * Per-merchant facts that products and stores need, kept in typed arrays: a few bytes per
 * merchant instead of an object each, so even millions of merchants fit in little memory.
 */
export interface MerchantPlan {
  count: number;
  /** Cumulative popularity: products pick their merchant with Rng.weighted over this. */
  productWeights: Float64Array;
  /** Index into CATEGORIES of the merchant's main line of business. */
  category: Uint8Array;
  /** How many stores each merchant has (at least 1); stores are numbered merchant by merchant. */
  storeCount: Uint32Array;
}

/** Pareto tail (shape 1.3, a little flatter than "80/20"): a few big sellers, many small shops. */
const PARETO_SHAPE = 1.3;
/** Caps the biggest merchant so one seller cannot own most of a small catalog. */
const MAX_WEIGHT = 40;

export function planMerchants(seed: number, merchants: number, stores: number): MerchantPlan {
  const rng = new Rng();
  const weights = new Float64Array(merchants);
  const productWeights = new Float64Array(merchants);
  const category = new Uint8Array(merchants);
  let sum = 0;
  for (let i = 0; i < merchants; i++) {
    rng.reseed(seed, Stream.merchantPlan, i + 1);
    const weight = Math.min(MAX_WEIGHT, (1 - rng.next()) ** (-1 / PARETO_SHAPE));
    weights[i] = weight;
    sum += weight;
    productWeights[i] = sum;
    category[i] = rng.weighted(CATEGORY_WEIGHTS);
  }

  // Every merchant gets one store; the extra ones go mostly to the bigger sellers (chains), with
  // a softened weight (square root) so the largest sellers do not take all of them.
  const storeCount = new Uint32Array(merchants).fill(1);
  const chainWeights = new Float64Array(merchants);
  sum = 0;
  for (let i = 0; i < merchants; i++) chainWeights[i] = sum += Math.sqrt(weights[i]!);
  rng.reseed(seed, Stream.storeAssignment, 0);
  for (let extra = stores - merchants; extra > 0; extra--) {
    const chosen = rng.weighted(chainWeights);
    storeCount[chosen] = storeCount[chosen]! + 1;
  }

  return { count: merchants, productWeights, category, storeCount };
}

// Gender matters for the demonym: "Empório Mineiro" but "Loja Mineira".
const PREFIXES: readonly (readonly [string, 0 | 1])[] = [
  ['Loja', 1],
  ['Casa', 1],
  ['Empório', 0],
  ['Mundo', 0],
  ['Central', 1],
  ['Espaço', 0],
  ['Ponto', 0],
  ['Bazar', 0],
  ['Armazém', 0],
  ['Distribuidora', 1],
  ['Comercial', 1],
  ['Galeria', 1],
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
  'Araújo',
  'Ferreira',
  'Ribeiro',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Barbosa',
  'Nakamura',
  'Yamamoto',
  'Tanaka',
  'Rossi',
  'Bianchi',
  'Haddad',
  'Salomão',
  'Conceição',
  'Simões',
  'Gonçalves',
  'Magalhães',
  'Brandão',
  'Falcão',
];
const SUFFIXES: readonly (readonly [string, number])[] = [
  ['', 0.55],
  [' Ltda', 0.25],
  [' Comércio Ltda', 0.08],
  [' ME', 0.08],
  [' & Cia', 0.04],
];

export interface MerchantName {
  /** Legal-looking name, e.g. "Loja Paulista Eletrônicos Ltda". */
  name: string;
  /** Without the company-type suffix, for store names ("Loja Paulista Eletrônicos - Moema"). */
  shortName: string;
}

/**
 * A Brazilian-sounding shop name from the merchant's line of business and the place of its first
 * store ("Casa Moema Utilidades", "Oliveira Calçados ME"). Deterministic in (seed, merchantId),
 * so the stores file can rebuild it without keeping every name in memory.
 */
export function merchantName(rng: Rng, seed: number, merchantId: number, categoryIndex: number, home: StoreLocation): MerchantName {
  rng.reseed(seed, Stream.merchantName, merchantId);
  const shop = rng.pick(CATEGORIES[categoryIndex]!.shopWords);
  const [prefix, feminine] = rng.pick(PREFIXES);
  const surname = rng.pick(SURNAMES);
  const pattern = rng.next();
  let shortName: string;
  if (pattern < 0.3) shortName = `${prefix} ${home.city.demonym[feminine]} ${shop}`;
  else if (pattern < 0.55) shortName = `${prefix} ${home.district.name} ${shop}`;
  else if (pattern < 0.75) shortName = `${surname} ${shop}`;
  else if (pattern < 0.88) shortName = `${shop} ${home.district.name}`;
  else shortName = `Irmãos ${surname} ${shop}`;

  let roll = rng.next();
  let suffix = '';
  for (const [text, p] of SUFFIXES) {
    if (roll < p) {
      suffix = text;
      break;
    }
    roll -= p;
  }
  return { name: shortName + suffix, shortName };
}

/**
 * Merchant slugs must be unique. The first merchant with a given name gets the plain slug; later
 * ones get '-<id>' appended. Names never end in a digit, so a suffixed slug cannot collide with a
 * plain one, and ids are unique. Only 32-bit hashes of plain slugs are remembered (a hash
 * collision merely adds an unneeded suffix), which keeps memory small for huge runs.
 */
export class MerchantSlugs {
  private readonly seen = new Set<number>();

  slugFor(name: string, id: number): string {
    const base = slugify(name) || 'loja';
    const hash = hashString(base);
    if (this.seen.has(hash)) return `${base}-${id}`;
    this.seen.add(hash);
    return base;
  }
}

function hashString(text: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function buildMerchant(id: number, name: MerchantName, slugs: MerchantSlugs): MerchantRecord {
  return { id, name: name.name, slug: slugs.slugFor(name.name, id) };
}
