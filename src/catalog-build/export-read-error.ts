/**
 * Why an export file could not be read to its end, in the operator's words (the build's issue
 * report names the file). zlib's codes: a gzip stream that ends early is Z_BUF_ERROR ("unexpected
 * end of file"), bytes that are not gzip data are Z_DATA_ERROR.
 */
export function readErrorMessage(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'Z_BUF_ERROR')
    return 'the gzip data ends early: the file is cut short (an interrupted copy or download?); nothing after the cut was read';
  if (code === 'Z_DATA_ERROR' || code === 'Z_NEED_DICT')
    return 'the file is not valid gzip data (damaged, or not gzip despite its .gz name)';
  return `the file cannot be read to its end (${typeof code === 'string' ? code : 'read error'})`;
}
