/** One set of meters with every kind of entry, and a report header, shared by the meters CSV and page tests. */
import { zeroMeters } from '../core/cabinet/meters.ts';
import type { Meters } from '../core/model/meters.ts';

export const SAMPLE_METERS: Meters = {
  ...zeroMeters(),
  billsInMinor: 8_500,
  billsByDenomination: { '5000': 1, '500': 3, '2000': 1 },
  cashOutMinor: 1_250,
  handpayMinor: 1_250,
  wageredMinor: 3_000,
  wonMinor: 2_950,
  wageredBySpot: { player: 1_000, banker: 1_500, tie: 500 },
  wonBySpot: { player: 2_000, banker: 950, tie: 0 },
  roundsPlayed: 3,
  roundsWon: 1,
  roundsLost: 1,
  roundsTied: 1,
  roundsVoided: 1,
  refundsMinor: 200,
  powerUps: 4,
  doorOpens: 2,
};

export const METERS_HEADER = {
  cabinetId: 'BK-0042',
  configHash: 'ab'.repeat(32),
  at: '2026-12-01T03:04:05.678Z',
  currency: { code: 'EUR', minorDigits: 2 },
};
