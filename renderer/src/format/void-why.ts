/**
 * Why a round was voided, for the player's void screen, from the void's code (never main's words): one
 * sentence per code in `voidScreen.why`, and for a storage error whether the cards had been recorded
 * when the journal refused the settlement (docs/cabinet-rules.md#storage-faults), and for a stadium terminal's void
 * who ended the round (docs/stadium.md#terminals).
 */
import type { VoidReason } from '../../../electron/core/model/journal-message.ts';

/** The message key of the sentence, or null for a void written before codes were kept. */
export function voidWhyKey(reason: VoidReason | null | undefined): string | null {
  if (!reason) return null;
  if (reason.code === 'storage-error' && (reason.stage === 'settle' || reason.stage === 'deal')) {
    return `voidScreen.why.storage-${reason.stage}`;
  }
  // A stadium terminal's void says whether the table voided the round or its result did not come in time.
  if (reason.code === 'stadium-void') return `voidScreen.why.stadium-${reason.voidCause}`;
  return `voidScreen.why.${reason.code}`;
}
