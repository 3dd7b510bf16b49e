import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, SUITS } from '../core/cards/card.ts';
import {
  RESULT_SIGNING_LABEL,
  publicKeyFromRaw,
  rawPublicKey,
  resultSigningBytes,
  signResult,
  verifyResult,
} from './result-signature.ts';
import type { UnsignedResult } from './table-messages.ts';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');

const card = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });
const result: fc.Arbitrary<UnsignedResult> = fc.record({
  table: fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
  round: fc.integer({ min: 1, max: 2 ** 40 }),
  cards: fc.array(card, { minLength: 4, maxLength: 6 }),
  outcome: fc.record({
    winner: fc.constantFrom('player' as const, 'banker' as const, 'tie' as const),
    playerTotal: fc.integer({ min: 0, max: 9 }),
    bankerTotal: fc.integer({ min: 0, max: 9 }),
    natural: fc.boolean(),
    playerPair: fc.boolean(),
    bankerPair: fc.boolean(),
  }),
});

/** The worked example of docs/stadium.md#signing. */
const EXAMPLE: UnsignedResult = {
  table: 'T1',
  round: 7,
  cards: [
    { rank: '9', suit: 'S' },
    { rank: '2', suit: 'H' },
    { rank: 'K', suit: 'D' },
    { rank: '3', suit: 'C' },
  ],
  outcome: { winner: 'player', playerTotal: 9, bankerTotal: 5, natural: true, playerPair: false, bankerPair: false },
};

describe('the signature on a table result', () => {
  it('signs exactly the bytes docs/stadium.md gives for its example', () => {
    expect(new TextDecoder().decode(resultSigningBytes(EXAMPLE))).toBe(
      'baccarat-kiosk stadium result v1\n' +
        '{"table":"T1","round":7,"cards":[{"rank":"9","suit":"S"},{"rank":"2","suit":"H"},{"rank":"K","suit":"D"},' +
        '{"rank":"3","suit":"C"}],"outcome":{"winner":"player","playerTotal":9,"bankerTotal":5,"natural":true,' +
        '"playerPair":false,"bankerPair":false}}',
    );
    expect(RESULT_SIGNING_LABEL).toBe('baccarat-kiosk stadium result v1\n');
  });

  it('verifies every signed result with the public key read back from its raw 32 bytes', () => {
    const key = publicKeyFromRaw(rawPublicKey(publicKey));
    fc.assert(fc.property(result, (r) => verifyResult(signResult(r, privateKey), key)));
  });

  it('signs the same bytes whatever order the fields arrive in', () => {
    fc.assert(
      fc.property(result, (r) => {
        const shuffled = { outcome: { ...r.outcome }, cards: r.cards, round: r.round, table: r.table };
        expect(resultSigningBytes(shuffled)).toEqual(resultSigningBytes(r));
      }),
    );
  });

  it('refuses a result with any card, the round, the table or the winner changed', () => {
    fc.assert(
      fc.property(result, fc.nat(), (r, pick) => {
        const signed = signResult(r, privateKey);
        const other = r.cards[pick % r.cards.length]!;
        const changed = [
          { ...signed, round: signed.round + 1 },
          { ...signed, table: signed.table === 'Z' ? 'Y' : 'Z' },
          {
            ...signed,
            cards: signed.cards.map((c, i) =>
              i === pick % r.cards.length
                ? { ...other, suit: other.suit === 'S' ? ('H' as const) : ('S' as const) }
                : c,
            ),
          },
          {
            ...signed,
            outcome: {
              ...signed.outcome,
              winner: signed.outcome.winner === 'tie' ? ('player' as const) : ('tie' as const),
            },
          },
        ];
        for (const c of changed) expect(verifyResult(c, publicKey)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a result signed by another key', () => {
    const stranger = generateKeyPairSync('ed25519');
    expect(verifyResult(signResult(EXAMPLE, stranger.privateKey), publicKey)).toBe(false);
  });

  it('refuses a public key that is not 32 bytes', () => {
    expect(() => publicKeyFromRaw(Buffer.alloc(31).toString('base64'))).toThrow('32 bytes, got 31');
  });
});
