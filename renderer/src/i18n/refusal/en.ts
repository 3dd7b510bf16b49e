/**
 * Why main refused a staff request, by reason code (IpcError.reason; electron/core/model/refusal-reason.ts), in
 * English (the `refusal` section of en.ts; every language has the same keys). `{device}` is the device's name.
 */
export default {
  'note-in-escrow':
    'Not now: the {device} holds a note in escrow. Its settings can change once the note is stacked or returned.',
  'credit-pending':
    'Not now: the {device} has a credit that is not yet confirmed. Its settings can change once the credit is confirmed.',
  'money-on-cabinet':
    'Not while a player has money on this cabinet (credits {credits}, unpaid handpays {handpays}, open rounds {rounds}). Cash out or pay the handpay first.',
  'money-on-cabinet-settings':
    '{settings}: can change only while no player has money on this cabinet (credits {credits}, unpaid handpays {handpays}, open rounds {rounds}). Cash out or pay the handpay first.',
  'restart-only':
    '{settings}: changes only when the venue file is provisioned again and the cabinet restarts, never from this screen.',
} as const;
