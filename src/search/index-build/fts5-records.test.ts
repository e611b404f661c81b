import { describe, expect, it } from 'vitest';
import { decodeStructure, decodeTotals, encodeStructure, encodeTotals, Fts5RecordError, type Fts5Structure } from './fts5-records.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

describe('FTS5 records', () => {
  it('reads a structure record as SQLite wrote it', () => {
    // A million-product index joined from two parts: one level, four segments.
    const written = hex('0000000001040000040101BB7D0201A8120301BB7D0401A810');
    const structure = decodeStructure(written);
    expect(structure).toEqual({
      cookie: 0,
      writeCounter: 0,
      levels: [
        {
          merging: 0,
          segments: [
            { id: 1, firstPage: 1, lastPage: 7677 },
            { id: 2, firstPage: 1, lastPage: 5138 },
            { id: 3, firstPage: 1, lastPage: 7677 },
            { id: 4, firstPage: 1, lastPage: 5136 },
          ],
        },
      ],
    });
    expect(encodeStructure(structure)).toEqual(written);
  });

  it('reads an unfinished merge and multi-byte numbers, and writes them back byte for byte', () => {
    // One pass over a million products: a merge of four level-0 segments under way into level 1.
    const written = hex('00000001020581C8160404018616BB7D028614BB7E038615BB7D048209941E000105019444');
    const structure = decodeStructure(written);
    expect(structure.cookie).toBe(1);
    expect(structure.writeCounter).toBe(0x01 * 128 * 128 + 0x48 * 128 + 0x16);
    expect(structure.levels.map((l) => [l.merging, l.segments.length])).toEqual([
      [4, 4],
      [0, 1],
    ]);
    expect(structure.levels[0]!.segments[0]).toEqual({ id: 1, firstPage: 790, lastPage: 7677 });
    expect(encodeStructure(structure)).toEqual(written);
  });

  it('round-trips the largest numbers a record can hold here', () => {
    const structure: Fts5Structure = {
      cookie: -2,
      writeCounter: Number.MAX_SAFE_INTEGER,
      levels: [
        { merging: 0, segments: [{ id: 65535, firstPage: 1, lastPage: 0x7fffff00 }] },
        { merging: 0, segments: [] },
      ],
    };
    expect(decodeStructure(encodeStructure(structure))).toEqual(structure);
    expect(decodeTotals(encodeTotals([3, 0, 2 ** 40, 127, 128, 16384]), 5)).toEqual([3, 0, 2 ** 40, 127, 128, 16384]);
  });

  it('reads a new index’s empty averages record as zeros', () => {
    expect(decodeTotals(new Uint8Array(), 5)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('refuses what it does not read rather than guess', () => {
    expect(() => decodeStructure(hex('00000000FF000001'))).toThrow(Fts5RecordError);
    expect(() => decodeStructure(hex('000000000104'))).toThrow(Fts5RecordError);
    // Says two segments, lists one.
    expect(() => decodeStructure(hex('00000000010200000101010A'))).toThrow(Fts5RecordError);
    expect(() => encodeTotals([-1])).toThrow(Fts5RecordError);
  });
});
