import type { MinorUnits } from '../money/minor-units.ts';

/** A cash-out paid by an attendant by hand; the cabinet stays locked until it is cleared. */
export interface Handpay {
  readonly handpayId: number;
  readonly amountMinor: MinorUnits;
  readonly at: string;
}

/** A handpay an attendant or technician paid: who paid it (null for one cleared before roles existed). */
export interface PaidHandpay extends Handpay {
  readonly clearedAt: string;
  readonly paidBy: 'attendant' | 'technician' | null;
}
