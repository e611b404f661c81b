/**
 * The two FTS5 records that describe a whole index, read and written so that indexes built in
 * parts can be joined (search-index-build.ts). Their layout is FTS5's file format, described in
 * SQLite's fts5_index.c (fts5StructureDecode, fts5StructureWrite) and fts5_storage.c
 * (fts5StorageSaveTotals); the join's test runs FTS5's own integrity check on the result.
 */

/** Rowids in the %_data table: the averages record, the structure record. */
export const FTS5_AVERAGES_ROWID = 1;
export const FTS5_STRUCTURE_ROWID = 10;
/** A segment's pages are stored at rowids from segid << 37 (16 bits of segid above them). */
export const FTS5_SEGID_SHIFT = 37;
export const FTS5_MAX_SEGID = 65535;

export interface Fts5Segment {
  id: number;
  firstPage: number;
  lastPage: number;
}

export interface Fts5Level {
  /** How many of the level's first segments an unfinished merge is reading (0: none). */
  merging: number;
  segments: Fts5Segment[];
}

export interface Fts5Structure {
  /** The configuration cookie: FTS5 reloads its settings when it changes. */
  cookie: number;
  writeCounter: number;
  levels: Fts5Level[];
}

/** Thrown for a record this code does not read: the build stops rather than write a broken index. */
export class Fts5RecordError extends Error {}

/** SQLite's variable-length integer: 7 bits a byte, high bit set while more follow, 8 bits in a 9th. */
function readVarint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) throw new Fts5RecordError('an FTS5 record ends inside a number');
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  const last = bytes[at + 8];
  if (last === undefined) throw new Fts5RecordError('an FTS5 record ends inside a number');
  return [value * 256 + last, at + 9];
}

function writeVarint(out: number[], value: number): void {
  // 8 bytes hold 56 bits: every safe integer, so the 9-byte form is never needed.
  if (!Number.isSafeInteger(value) || value < 0) throw new Fts5RecordError(`cannot write ${value} into an FTS5 record`);
  const groups = [value % 128];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift(rest % 128);
  for (const [i, group] of groups.entries()) out.push(i < groups.length - 1 ? group | 0x80 : group);
}

/** The structure record: the index's segments by level (the legacy format; V2 is for contentless_delete tables). */
export function decodeStructure(bytes: Uint8Array): Fts5Structure {
  if (bytes.length < 4) throw new Fts5RecordError('the FTS5 structure record is too short');
  const cookie = new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0);
  if (bytes[4] === 0xff) throw new Fts5RecordError('the FTS5 structure record is in the V2 format (contentless_delete), not read here');
  let at = 4;
  const next = () => {
    const [value, after] = readVarint(bytes, at);
    at = after;
    return value;
  };
  const levelCount = next();
  const segmentCount = next();
  const writeCounter = next();
  const levels: Fts5Level[] = [];
  for (let l = 0; l < levelCount; l++) {
    const merging = next();
    const count = next();
    const segments: Fts5Segment[] = [];
    for (let s = 0; s < count; s++) segments.push({ id: next(), firstPage: next(), lastPage: next() });
    levels.push({ merging, segments });
  }
  if (levels.reduce((n, l) => n + l.segments.length, 0) !== segmentCount) {
    throw new Fts5RecordError('the FTS5 structure record counts its segments wrong');
  }
  return { cookie, writeCounter, levels };
}

export function encodeStructure({ cookie, writeCounter, levels }: Fts5Structure): Uint8Array {
  const out: number[] = [];
  const head = new Uint8Array(4);
  new DataView(head.buffer).setInt32(0, cookie);
  out.push(...head);
  writeVarint(out, levels.length);
  writeVarint(
    out,
    levels.reduce((n, l) => n + l.segments.length, 0),
  );
  writeVarint(out, writeCounter);
  for (const level of levels) {
    writeVarint(out, level.merging);
    writeVarint(out, level.segments.length);
    for (const segment of level.segments) {
      writeVarint(out, segment.id);
      writeVarint(out, segment.firstPage);
      writeVarint(out, segment.lastPage);
    }
  }
  return Uint8Array.from(out);
}

/**
 * The averages record: the number of rows, then the number of tokens in each column. A new
 * index's record is empty: zeros.
 */
export function decodeTotals(bytes: Uint8Array, columns: number): number[] {
  const totals = new Array<number>(columns + 1).fill(0);
  let at = 0;
  for (let i = 0; i <= columns && at < bytes.length; i++) [totals[i], at] = readVarint(bytes, at);
  return totals;
}

export function encodeTotals(totals: number[]): Uint8Array {
  const out: number[] = [];
  for (const value of totals) writeVarint(out, value);
  return Uint8Array.from(out);
}
