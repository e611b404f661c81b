import { describe, expect, it } from 'vitest';
import { readErrorMessage } from './export-read-error.ts';

describe('readErrorMessage', () => {
  it('says a cut gzip, damaged gzip and other read errors apart, never as a stack', () => {
    const error = (code: string) => Object.assign(new Error('x'), { code });
    expect(readErrorMessage(error('Z_BUF_ERROR'))).toMatch(/cut short/);
    expect(readErrorMessage(error('Z_DATA_ERROR'))).toMatch(/not valid gzip/);
    expect(readErrorMessage(error('EIO'))).toBe('the file cannot be read to its end (EIO)');
    expect(readErrorMessage('odd')).toBe('the file cannot be read to its end (read error)');
  });
});
