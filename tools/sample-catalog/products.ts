import type { EngagementRecord, ProductLine } from '../../src/catalog-build/export-records.ts';
import { CATEGORIES, CATEGORY_WEIGHTS } from './categories.ts';
import type { MerchantPlan } from './merchants.ts';
import { offerFor } from './offers.ts';
import { type Rng, Stream } from './rng.ts';
import { capitalize, isoSeconds, slugWithId } from './text.ts';
import type { Brand, CategoryDef, ProductKind } from './vocabulary.ts';

export const IMAGE_BASE_URL = 'https://img.exemplo-catalogo.com.br/produtos/';
/** Share of products without publishedAt (drafts, kept out of discovery). */
export const DRAFT_SHARE = 0.03;
/** Every date lies in this window (epoch seconds, UTC). */
export const FIRST_DATE = Date.UTC(2024, 0, 1) / 1000;
export const LAST_DATE = Date.UTC(2026, 9, 31, 23, 59, 59) / 1000;
/** Share of a merchant's products in its main category; the rest are anything it also sells. */
const MAIN_CATEGORY_SHARE = 0.75;
const DAY = 86_400;

const CLOSERS = [
  'Produto original com nota fiscal.',
  'Garantia de 12 meses contra defeitos de fabricação.',
  'Envio rápido para todo o Brasil.',
  'Retire grátis em uma de nossas lojas.',
  'Parcele em até 10x sem juros no cartão.',
  'Imagens meramente ilustrativas.',
];

export interface GeneratedProduct {
  product: ProductLine;
  engagement: EngagementRecord;
}

/** Product `id` and its engagement counters; deterministic in (seed, id, merchant plan). */
export function buildProduct(rng: Rng, seed: number, id: number, plan: MerchantPlan): GeneratedProduct {
  rng.reseed(seed, Stream.product, id);
  const merchantIndex = rng.weighted(plan.productWeights);
  const category = CATEGORIES[rng.chance(MAIN_CATEGORY_SHARE) ? plan.category[merchantIndex]! : rng.weighted(CATEGORY_WEIGHTS)]!;
  const kind = rng.pick(category.kinds);
  const brand = rng.pick(kind.brands);
  const modelIndex = Math.floor(rng.next() * brand.models.length);
  const model = brand.models[modelIndex]!;
  const variant = kind.variants.length > 0 ? rng.pick(kind.variants) : '';

  const title =
    kind.titleStyle === 'work'
      ? `${kind.noun} ${model}${variant ? ` (${variant})` : ''}`
      : `${kind.noun} ${brand.name} ${model}${variant ? ` ${variant}` : ''}`;
  const spokenName = kind.titleStyle === 'work' ? `${kind.noun} ${model}` : `${kind.noun} ${brand.name} ${model}`;

  const draft = rng.chance(DRAFT_SHARE);
  // sqrt skews towards recent dates: a growing catalog publishes more every month.
  const firstDate = FIRST_DATE + Math.floor(Math.sqrt(rng.next()) * (LAST_DATE - FIRST_DATE));
  // A third of products were never edited; the others were, typically weeks later.
  const edited = rng.chance(0.35) ? 0 : Math.floor(-Math.log(1 - rng.next()) * 20 * DAY);
  const updated = draft ? firstDate : Math.min(LAST_DATE, firstDate + edited);

  const product: ProductLine = {
    id,
    merchantId: merchantIndex + 1,
    title,
    description: describe(rng, kind, category, spokenName),
    category: category.name,
    brand: brand.name,
    priceCents: priceFor(rng, kind, brand, modelIndex),
    slug: slugWithId(title, id),
    imageUrl: `${IMAGE_BASE_URL}${id}.jpg`,
    publishedAt: draft ? null : isoSeconds(firstDate),
    updatedAt: isoSeconds(updated),
  };
  const engagement = engagementFor(rng, id, draft ? null : firstDate);
  // Last, from streams of their own: every field above stays what it was before offers existed.
  Object.assign(product, offerFor(rng, seed, product, `${kind.noun}|${brand.name}|${model}|${variant}`));
  return { product, engagement };
}

/**
 * A model with a known typical price varies ±10% around it (sellers price differently); other
 * models are listed cheapest first, so their price moves up the (log-scale) range of the brand or
 * kind with their position. Shelf prices end in ,90 as Brazilian shops' do.
 */
function priceFor(rng: Rng, kind: ProductKind, brand: Brand, modelIndex: number): number {
  const anchor = brand.anchors[modelIndex];
  const u = rng.next();
  let raw: number;
  if (anchor != null) {
    raw = anchor * (0.9 + 0.2 * u);
  } else {
    const [min, max] = brand.price ?? kind.price;
    raw = min * (max / min) ** ((modelIndex + u) / brand.models.length);
  }
  return Math.max(90, Math.round(raw / 100) * 100 - 10);
}

/** 1 to 3 Portuguese sentences built from the kind's selling points and the category's uses. */
function describe(rng: Rng, kind: ProductKind, category: CategoryDef, name: string): string {
  const features = kind.features;
  const f1 = Math.floor(rng.next() * features.length);
  let f2 = Math.floor(rng.next() * features.length);
  while (f2 === f1) f2 = (f2 + 1) % features.length;
  let f3 = Math.floor(rng.next() * features.length);
  while (f3 === f1 || f3 === f2) f3 = (f3 + 1) % features.length;
  const [a, b, c] = [features[f1]!, features[f2]!, features[f3]!];
  const use = rng.pick(category.uses);
  const article = kind.article;

  const opening = rng.next();
  const sentences: string[] = [];
  if (opening < 0.4) sentences.push(`${capitalize(article)} ${name} traz ${a} e ${b}.`);
  else if (opening < 0.75) sentences.push(`Com ${a} e ${b}, ${article} ${name} é ideal para ${use}.`);
  else sentences.push(`${capitalize(article)} ${name} combina ${a} e ${b}.`);

  if (rng.chance(0.65)) {
    const second = rng.int(0, 2);
    if (second === 0) sentences.push(`Conta ainda com ${c}.`);
    else if (second === 1 && opening >= 0.4 && opening < 0.75) sentences.push(`Oferece também ${c}.`);
    else if (second === 1) sentences.push(`Ideal para ${use}.`);
    else sentences.push(`${capitalize(c)} é outro destaque.`);
  }
  if (rng.chance(0.45)) sentences.push(rng.pick(CLOSERS));
  return sentences.join(' ');
}

/**
 * Heavy-tailed views (log-normal: most products get a few dozen, a few get hundreds of
 * thousands), more for products published longer ago; likes and dislikes are small fractions of
 * views, so views >= likes + dislikes always holds. Drafts are not public: all zero.
 */
function engagementFor(rng: Rng, productId: number, publishedAt: number | null): EngagementRecord {
  if (publishedAt === null) return { productId, views: 0, likes: 0, dislikes: 0 };
  const age = (LAST_DATE - publishedAt) / (LAST_DATE - FIRST_DATE);
  const views = Math.min(50_000_000, Math.floor(Math.exp(4.5 + 1.6 * rng.normal()) * (0.2 + age)));
  const likeRate = 0.01 + 0.07 * rng.next() ** 2;
  const likes = Math.min(views, Math.floor(views * likeRate + rng.next()));
  const dislikeRatio = 0.03 + 0.3 * rng.next() ** 3;
  const dislikes = Math.min(views - likes, Math.floor(likes * dislikeRatio + rng.next()));
  return { productId, views, likes, dislikes };
}
