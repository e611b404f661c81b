import { describe, expect, it } from 'vitest';
import { catalogDateOf, dateOf, dayNumber } from './price-days.ts';

describe('price history days', () => {
  it('reads real dates only, and counts whole days', () => {
    expect(dayNumber('2026-03-01')! - dayNumber('2026-02-28')!).toBe(1);
    expect(dayNumber('2028-03-01')! - dayNumber('2028-02-28')!).toBe(2);
    expect(dayNumber('2026-02-30')).toBeNull();
    expect(dayNumber('2026-2-3')).toBeNull();
    expect(dayNumber('01/11/2026')).toBeNull();
    expect(dateOf(dayNumber('2026-11-01')!)).toBe('2026-11-01');
  });

  it('dates an instant in São Paulo, three hours behind UTC', () => {
    expect(catalogDateOf(new Date('2026-11-01T06:00:00Z'))).toBe('2026-11-01');
    expect(catalogDateOf(new Date('2026-11-01T02:59:00Z'))).toBe('2026-10-31');
    expect(catalogDateOf(new Date('2026-11-01T03:00:00Z'))).toBe('2026-11-01');
  });
});
