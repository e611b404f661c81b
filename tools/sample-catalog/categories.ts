import { APPLIANCE_CATEGORIES } from './catalog-appliances.ts';
import { ELECTRONICS_CATEGORIES } from './catalog-electronics.ts';
import { FASHION_CATEGORIES } from './catalog-fashion.ts';
import { HOME_CATEGORIES } from './catalog-home.ts';
import type { CategoryDef } from './catalog-kinds.ts';
import { MISC_CATEGORIES } from './catalog-misc.ts';
import { cumulativeWeights } from './rng.ts';

/** Every category of the generated catalog (19), in a fixed order: indices are stored per merchant. */
export const CATEGORIES: readonly CategoryDef[] = [
  ...ELECTRONICS_CATEGORIES,
  ...APPLIANCE_CATEGORIES,
  ...HOME_CATEGORIES,
  ...FASHION_CATEGORIES,
  ...MISC_CATEGORIES,
];

/** Cumulative category weights, for drawing a category in proportion to its share of products. */
export const CATEGORY_WEIGHTS = cumulativeWeights(CATEGORIES.map((c) => c.weight));

// Merchants store their main category in a Uint8Array.
if (CATEGORIES.length > 255) throw new Error('too many categories for a Uint8Array index');
