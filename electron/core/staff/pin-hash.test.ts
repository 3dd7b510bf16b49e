import { describe, expect, it } from 'vitest';
import { createPinHasher, KEY_LENGTH, PIN_SCRYPT_PARAMS, SALT_LENGTH } from './pin-hash.ts';

describe('PIN hashing (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  const hasher = createPinHasher();

  it('verifies the right PIN and refuses a wrong one, with the production parameters', async () => {
    const stored = await hasher.hash('482913');
    expect(await hasher.verify('482913', stored)).toBe(true);
    expect(await hasher.verify('482914', stored)).toBe(false);
    expect(await hasher.verify('48291', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('the hash never contains the PIN, and states its parameters, salt and key', async () => {
    const stored = await hasher.hash('24682468');
    expect(stored).not.toContain('24682468');
    expect(stored).not.toContain(Buffer.from('24682468').toString('base64'));
    const [scheme, N, r, p, salt, key] = stored.split('$');
    expect([scheme, Number(N), Number(r), Number(p)]).toEqual([
      'scrypt',
      PIN_SCRYPT_PARAMS.N,
      PIN_SCRYPT_PARAMS.r,
      PIN_SCRYPT_PARAMS.p,
    ]);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(SALT_LENGTH);
    expect(Buffer.from(key!, 'base64')).toHaveLength(KEY_LENGTH);
  });

  it('two hashes of one PIN differ (a fresh salt each time) and both verify', async () => {
    const a = await hasher.hash('1234');
    const b = await hasher.hash('1234');
    expect(a).not.toBe(b);
    expect(await hasher.verify('1234', a)).toBe(true);
    expect(await hasher.verify('1234', b)).toBe(true);
  });

  it('refuses to hash what is not a 4-8 digit PIN, and a damaged stored hash verifies nothing', async () => {
    await expect(hasher.hash('123')).rejects.toThrow(/4 to 8 digits/);
    await expect(hasher.hash('12a45')).rejects.toThrow(/4 to 8 digits/);
    const stored = await hasher.hash('5555');
    expect(await hasher.verify('5555', stored.slice(0, -4))).toBe(false);
    expect(await hasher.verify('5555', 'plain:5555')).toBe(false);
  });
});
