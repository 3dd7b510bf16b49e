/** Test helpers for a stadium terminal's core (electron/core/cabinet/stadium-*.test.ts): a config and results. */
import type { Card } from '../core/cards/card.ts';
import type { StadiumConfig } from '../core/config/stadium-config.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import { outcomeOfDeal } from '../core/engine/stated-deal.ts';
import type { VerifiedResult } from '../core/model/stadium-terminal.ts';
import { testConfig } from './fixtures.ts';

export const TEST_TABLE = 'T1';

export const TEST_STADIUM: StadiumConfig = {
  url: 'nats://127.0.0.1:4222',
  table: TEST_TABLE,
  tablePublicKey: `${'A'.repeat(43)}=`,
  resultTimeoutMs: 15_000,
  closeMarginMs: 1_000,
};

export function stadiumConfig(overrides: Partial<VenueConfig> = {}): VenueConfig {
  return testConfig({ stadium: TEST_STADIUM, ...overrides });
}

const card = (code: string): Card => ({ rank: code.slice(0, -1), suit: code.slice(-1) }) as Card;

/** Player natural 9 against Banker 5. */
export const PLAYER_WINS = ['9S', '2H', 'KD', '3C'].map(card);
/** Banker natural 9 against Player 5. */
export const BANKER_WINS = ['2S', '9H', '3D', 'KC'].map(card);
/** Both hands 9: a natural tie. */
export const TIE = ['9S', '9H', 'KD', 'KC'].map(card);

/** The result the table would publish for these cards (deal order), with the outcome its engine states. */
export function resultOf(round: number, cards: readonly Card[], table = TEST_TABLE): VerifiedResult {
  return { table, round, cards, outcome: outcomeOfDeal(cards) };
}
