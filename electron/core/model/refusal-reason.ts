/**
 * Why a request was refused, as data beside the refusal's code: a reason code plus its typed parameters,
 * so a staff screen says why in the technician's language instead of a generic "not possible right now"
 * (the renderer never shows main's English). The IPC contract carries it as `IpcError.reason`, checked
 * against its schema on the way out (electron/ipc/contract.ts).
 *
 * - `note-in-escrow`, `credit-pending`: a venue-config change that would restart the bill acceptor, refused
 *   while it holds money in flight (docs/venue-config.md#device-settings); `device` is the device that
 *   holds it.
 */

/** A device whose money in flight can hold up a change of its settings. */
export type MoneyInFlightDevice = 'bill-acceptor';

export type RefusalReason =
  | { readonly code: 'note-in-escrow'; readonly device: MoneyInFlightDevice }
  | { readonly code: 'credit-pending'; readonly device: MoneyInFlightDevice };

export type RefusalReasonCode = RefusalReason['code'];
