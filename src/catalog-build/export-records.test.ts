import { describe, expect, it } from 'vitest';
import { cleanLine, cleanParagraphs } from './export-records.ts';

/** The rewrites without the fast test in front of them: what the cleaners must always equal. */
const NOT_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const fullLine = (s: string) => s.replace(NOT_TEXT, '').replace(/\s+/g, ' ').trim();
const fullParagraphs = (s: string) => s.replace(NOT_TEXT, '').replace(/\r\n?/g, '\n').trim();

// Ordinary letters and spaces most of the time; then every white space, control, surrogate and
// noncharacter JavaScript knows, so that one odd character in clean text is common.
const ORDINARY = [...'aé Ç1- '];
const ODD = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...'\u007F\u0085\u009F\u00A0\u1680\u2000\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF\uFFFE\uFFFF\uD83D\uDE00\uDC00',
];

/** A seeded generator: the same strings on every run, so a failure can be replayed. */
function* strings(count: number, seed = 20261123): Generator<string> {
  let state = seed;
  // mulberry32: every bit of its output is usable, unlike a bare LCG's low bits.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  for (let n = 0; n < count; n++) {
    const length = next() % 9;
    yield Array.from({ length }, () => (next() % 8 ? ORDINARY[next() % ORDINARY.length] : ODD[next() % ODD.length])).join('');
  }
}

describe('cleanLine and cleanParagraphs (the merchant text cleaners)', () => {
  it('equal the full rewrites on every generated string', () => {
    for (const s of strings(200_000)) {
      expect(cleanLine(s), JSON.stringify(s)).toBe(fullLine(s));
      expect(cleanParagraphs(s), JSON.stringify(s)).toBe(fullParagraphs(s));
    }
  });

  it('return clean text as it is', () => {
    expect(cleanLine('Geladeira Frost Free 375 L')).toBe('Geladeira Frost Free 375 L');
    expect(cleanParagraphs('Primeiro parágrafo.\n\nSegundo\tparágrafo.')).toBe('Primeiro parágrafo.\n\nSegundo\tparágrafo.');
    expect(cleanLine(' Fone\u00A0de  ouvido\n')).toBe('Fone de ouvido');
    expect(cleanParagraphs('Linha um\r\nLinha dois\u0000\uFFFF ')).toBe('Linha um\nLinha dois');
  });
});
