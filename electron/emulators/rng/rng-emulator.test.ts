import { describe, expect, it } from 'vitest';
import { runRngEmulator } from './rng-emulator.ts';

describe('RNG emulator process', () => {
  it('refuses a mode it does not know', async () => {
    await expect(runRngEmulator({ port: '/nonexistent', mode: 'loud' as never })).rejects.toThrow(
      /mode must be one of/,
    );
  });
});
