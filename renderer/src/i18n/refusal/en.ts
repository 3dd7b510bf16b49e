/**
 * Why main refused a staff request, by reason code (IpcError.reason; electron/core/model/refusal-reason.ts), in
 * English (the `refusal` section of en.ts; every language has the same keys). `{device}` is the device's name.
 */
export default {
  'note-in-escrow':
    'Not now: the {device} holds a note in escrow. Its settings can change once the note is stacked or returned.',
  'credit-pending':
    'Not now: the {device} has a credit that is not yet confirmed. Its settings can change once the credit is confirmed.',
} as const;
