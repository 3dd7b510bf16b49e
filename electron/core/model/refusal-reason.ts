/**
 * Why a request was refused, as data beside the refusal's code: a reason code plus its typed parameters,
 * so a staff screen says why in the technician's language instead of a generic "not possible right now"
 * (the renderer never shows main's English). The IPC contract carries it as `IpcError.reason`, checked
 * against its schema on the way out (electron/ipc/contract.ts).
 *
 * - `note-in-escrow`, `credit-pending`: a venue-config change that would restart the bill acceptor, refused
 *   while it holds money in flight (docs/venue-config.md#device-settings); `device` is the device that
 *   holds it.
 * - `money-on-cabinet`: a staff action or a setting that would change, strand or forget what a player is
 *   owed, refused while the cabinet holds money (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet);
 *   `settings` names the venue-config fields that caused it (none for a staff action).
 * - `session-loss-limit-reached`, `session-time-limit-reached`: the player's session reached a venue limit and play
 *   stopped; `session-loss-limit-ahead`: this stake could take the session's loss past the limit, `leftMinor` may
 *   still be lost (docs/responsible-gaming.md#session-limits).
 * - `restart-only`: venue-config fields (inputs, device ports) that change only by re-provisioning the
 *   installation's venue file and restarting, never from the screen.
 */

/** A device whose money in flight can hold up a change of its settings. */
export type MoneyInFlightDevice = 'bill-acceptor';

export type RefusalReason =
  | { readonly code: 'note-in-escrow'; readonly device: MoneyInFlightDevice }
  | { readonly code: 'credit-pending'; readonly device: MoneyInFlightDevice }
  | {
      readonly code: 'money-on-cabinet';
      readonly creditsMinor: number;
      readonly openRounds: number;
      readonly unpaidHandpays: number;
      readonly settings: readonly string[];
    }
  | { readonly code: 'restart-only'; readonly settings: readonly string[] }
  | { readonly code: 'session-loss-limit-reached'; readonly lossMinor: number; readonly limitMinor: number }
  | { readonly code: 'session-time-limit-reached'; readonly minutes: number; readonly limitMinutes: number }
  | { readonly code: 'session-loss-limit-ahead'; readonly stakeMinor: number; readonly leftMinor: number };

export type RefusalReasonCode = RefusalReason['code'];
