import { describe, expect, it } from 'vitest';
import { isNumberWithUnit, isUnit, unitAlternatives } from './units.ts';

describe('units after a number', () => {
  it('know the spellings shops and shoppers use', () => {
    expect(['l', 'lts', 'litros', 'gigas', 'pol', 'kg', 'quilos'].every(isUnit)).toBe(true);
    expect(['portas', 'pecas', 'a15'].some(isUnit)).toBe(false);
  });

  it('stand for the number in every spelling of the unit, the one asked for first', () => {
    expect(unitAlternatives('4', 'lts').slice(0, 4)).toEqual([['4lts'], ['4', 'lts'], ['4l'], ['4', 'l']]);
    expect(unitAlternatives('4', 'lts')).toContainEqual(['4', 'litros']);
    expect(unitAlternatives('256', 'gigas')).toContainEqual(['256gb']);
    // Inches: titles write 50", which the index keeps as the number alone.
    expect(unitAlternatives('50', 'pol')[0]).toEqual(['50']);
  });

  it('tell a number written with its unit from a longer number', () => {
    expect(isNumberWithUnit('128', '128gb')).toBe(true);
    expect(isNumberWithUnit('12', '128gb')).toBe(false);
    expect(isNumberWithUnit('a15', 'a15s')).toBe(false);
  });
});
