/** UCP messages (types/message_*.json): info and warnings beside an answer, errors instead of one. */
export type UcpMessage =
  | { type: 'info'; code: string; content: string; path?: string }
  | { type: 'warning'; code: string; content: string; path?: string }
  | { type: 'error'; code: string; content: string; severity: 'recoverable' | 'unrecoverable' };

export const info = (code: string, content: string): UcpMessage => ({ type: 'info', code, content });
export const warning = (code: string, content: string): UcpMessage => ({ type: 'warning', code, content });
export const failure = (code: string, content: string, severity: 'recoverable' | 'unrecoverable' = 'recoverable'): UcpMessage => ({
  type: 'error',
  code,
  content,
  severity,
});
