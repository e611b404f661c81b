/*
 * The bound of index work a search may do, apart from the request it bounds (request.ts): the
 * orchestration (src/search/local/, src/search/research/) makes one per tool call, and the plans
 * spend it.
 */

/**
 * What one tool call may walk in the index, in index entries: every read is estimated before it
 * runs, from the counts (readCost), and one that would pass the budget is not run; the search
 * stops where it is and says so. Sized so that no words make a call's reads last more than some
 * tens of milliseconds on a million products (docs/benchmarks.md, "Bounded search").
 */
export const WALK_BUDGET = 1_500_000;

/** A tool call's index work, spent by every read of every plan it runs; a part of it, for one plan. */
export class WalkBudget {
  private left: number;
  private readonly whole: WalkBudget | null;
  /** A read was refused: what the answer has is what was found before. */
  cut = false;

  constructor(total = WALK_BUDGET, whole: WalkBudget | null = null) {
    this.left = total;
    this.whole = whole;
  }

  /** Whether a read of this cost may run (then it is spent); `optional`: refusing it cuts nothing (another plan follows). */
  take(cost: number, optional = false): boolean {
    if (cost > this.left || (this.whole !== null && cost > this.whole.left)) {
      if (!optional) this.cut = true;
      return false;
    }
    this.left -= cost;
    if (this.whole !== null) this.whole.left -= cost;
    return true;
  }

  /** A share of what is left, spent from this budget too: one plan may not take what the next ones need. */
  part(share: number): WalkBudget {
    return new WalkBudget(this.left * share, this);
  }
}
