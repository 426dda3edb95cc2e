import { availableParallelism } from 'node:os';
import { hashesInFlight, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies what it hashed and refuses anything else', async () => {
    const stored = await hashPassword('Trapeze-and-silks-42');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Trapeze-and-silks-42', stored)).toBe(true);
    expect(await verifyPassword('trapeze-and-silks-42', stored)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });

  it('runs at most one hash per core at a time; a burst of sign-ins waits its turn', async () => {
    const cores = availableParallelism();
    const burst = Array.from({ length: cores + 2 }, (_, i) => hashPassword(`burst-password-${i}`));
    let mostRunning = 0;
    let mostWaiting = 0;
    const watch = setInterval(() => {
      const now = hashesInFlight();
      mostRunning = Math.max(mostRunning, now.running);
      mostWaiting = Math.max(mostWaiting, now.waiting);
    }, 5);
    await Promise.all(burst);
    clearInterval(watch);
    expect(mostRunning).toBe(cores);
    expect(mostWaiting).toBeGreaterThanOrEqual(1);
    expect(hashesInFlight()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
