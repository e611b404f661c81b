import { cumulativeWeights } from './rng.ts';
import { type CategoryDef, VOCABULARY } from './vocabulary.ts';

/** Every category of the generated catalog (19), in a fixed order: indices are stored per merchant. */
export const CATEGORIES: readonly CategoryDef[] = VOCABULARY;

/** Cumulative category weights, for drawing a category in proportion to its share of products. */
export const CATEGORY_WEIGHTS = cumulativeWeights(CATEGORIES.map((c) => c.weight));

// Merchants store their main category in a Uint8Array.
if (CATEGORIES.length > 255) throw new Error('too many categories for a Uint8Array index');
