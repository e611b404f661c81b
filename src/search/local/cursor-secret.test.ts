import { describe, expect, it, vi } from 'vitest';
import { fixedCursorSecret, type SecretReading, storedCursorSecret } from './cursor-secret.ts';

describe('the cursor secret', () => {
  it('is CURSOR_SECRET from the start when configured: nothing to wait for', () => {
    const secret = fixedCursorSecret('c'.repeat(32));
    expect(secret.ready()).toBeNull();
    expect(secret.current()).toEqual(['c'.repeat(32)]);
  });

  it("reads the store's once, however many calls wait for it at once, then needs nothing more", async () => {
    const read = vi.fn(async (): Promise<SecretReading> => ({ secret: 'the-stored-secret', shared: true }));
    const log = vi.fn();
    const secret = storedCursorSecret(read, log);
    expect(secret.current()).toBeNull();
    await Promise.all([secret.ready(), secret.ready(), secret.ready()]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(secret.current()).toEqual(['the-stored-secret']);
    expect(secret.ready()).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it("signs with this instance's own while the store does not answer, says so once, and takes the store's up once it does", async () => {
    let up = false;
    const read = vi.fn(async (): Promise<SecretReading> => (up ? { secret: 'shared', shared: true } : { secret: 'own', shared: false }));
    const log = vi.fn();
    const secret = storedCursorSecret(read, log);
    await secret.ready();
    expect(secret.current()).toEqual(['own']);
    // Known now: a request no longer waits, while the store is asked again behind it.
    expect(secret.ready()).toBeNull();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toBe(
      "CURSOR_SECRET is unset and the quota store did not answer: search cursors are signed with this instance's own secret, which other instances and a restart refuse",
    );
    up = true;
    expect(secret.ready()).toBeNull();
    // The store's signs from then on; cursors this instance handed out meanwhile are still accepted.
    await vi.waitFor(() => expect(secret.current()).toEqual(['shared', 'own']));
    expect(secret.ready()).toBeNull();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('never fails a request: a read that throws gives an own secret, logged', async () => {
    const log = vi.fn();
    const secret = storedCursorSecret(() => Promise.reject(new Error('boom')), log);
    await secret.ready();
    expect(secret.current()).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
    expect(log.mock.calls[0]![0]).toMatch(/the quota store could not be read/);
  });

  it('without a store (RATE_LIMITS=off), signs with an own secret and says so once', () => {
    const log = vi.fn();
    const secret = storedCursorSecret(null, log);
    expect(secret.ready()).toBeNull();
    expect(secret.ready()).toBeNull();
    const own = secret.current();
    expect(own).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
    expect(storedCursorSecret(null, () => {}).ready()).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/^CURSOR_SECRET is unset and there is no quota store to keep one in \(RATE_LIMITS=off\)/);
  });
});
