/**
 * The CURSOR_SECRET of the targets the search contract runs on (tests/contract/search-contract.ts):
 * knowing it, a test signs cursors only the server could make. Every other suite leaves it unset,
 * so the servers keep a secret in their quota store.
 */
export const TEST_CURSOR_SECRET = 'the search contract cursor secret (32 characters or more)';
