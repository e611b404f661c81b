/**
 * The CURSOR_SECRET of the targets the search contract runs on (tests/contract/search-contract.ts):
 * knowing it, a test signs cursors only the server could make. The self-hosted suites but that one
 * leave it unset, so those servers keep a secret in their quota store; the Netlify emulation sets
 * it for every suite (one environment, one warm instance: tests/support/netlify-target.ts).
 */
export const TEST_CURSOR_SECRET = 'the search contract cursor secret (32 characters or more)';
