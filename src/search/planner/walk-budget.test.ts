import { describe, expect, it } from 'vitest';
import { WalkBudget } from './walk-budget.ts';

describe('the search budget', () => {
  it('refuses a read that does not fit, cutting the search unless the read was optional; a part spends from the whole', () => {
    const whole = new WalkBudget(1_000);
    const part = whole.part(0.6);
    expect(part.take(700, true)).toBe(false);
    expect(part.cut).toBe(false);
    expect(part.take(500)).toBe(true);
    expect(part.take(200)).toBe(false);
    expect(part.cut).toBe(true);
    // 500 of 1,000 spent: half of what is left for the next part.
    const next = whole.part(0.5);
    expect(next.take(250)).toBe(true);
    expect(next.take(1)).toBe(false);
    expect(whole.take(250)).toBe(true);
    expect(whole.take(1)).toBe(false);
  });
});
