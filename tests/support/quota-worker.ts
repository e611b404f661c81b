/**
 * A separate process using the local quota store: `node tests/support/quota-worker.ts <file> <key>
 * <limit> <uses>` takes <uses> units at once and prints how many were admitted.
 */
import { LocalQuotaStore } from '../../src/quota/local-quota-store.ts';

const [file, key, limit, uses] = process.argv.slice(2);
const store = new LocalQuotaStore(file!, { busyTimeoutMs: 5000 });
const results = await Promise.all(Array.from({ length: Number(uses) }, () => store.take(key!, Number(limit), Date.now() + 60_000)));
store.close();
console.log(results.filter((r) => r.allowed).length);
