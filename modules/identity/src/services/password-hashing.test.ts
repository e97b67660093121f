import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.js';

describe('password hashing', () => {
  it('hashes with argon2id and a fresh salt, and verifies the right password only', async () => {
    const [a, b] = await Promise.all([hashPassword('Correct horse 1'), hashPassword('Correct horse 1')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(b, 'correct horse 1')).toBe(false);
  });

  it('answers every one of more requests than it has threads', async () => {
    const passwords = Array.from({ length: 9 }, (_, i) => `mot de passe ${i}`);
    const hashes = await Promise.all(passwords.map(hashPassword));
    expect(await Promise.all(hashes.map((hash, i) => verifyPassword(hash, passwords[i]!)))).toEqual(passwords.map(() => true));
  });

  it('leaves the event loop free while it hashes (the server answers other requests meanwhile)', async () => {
    await hashPassword('warm the threads up');
    let turns = 0;
    let hashing = true;
    const spin = () => {
      turns += 1;
      if (hashing) setImmediate(spin);
    };
    setImmediate(spin);
    await hashPassword('a login among others');
    hashing = false;
    // On the event loop, the WebAssembly hash would run in one piece: one turn at most.
    expect(turns).toBeGreaterThan(20);
  });

  it('refuses a malformed stored hash with an error, and keeps serving', async () => {
    await expect(verifyPassword('$argon2id$not-a-hash', 'x')).rejects.toThrow();
    expect(await verifyPassword(await hashPassword('après'), 'après')).toBe(true);
  });
});
