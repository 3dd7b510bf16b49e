/** Why main refused a staff request, by reason code, in Dutch (the `refusal` section of nl.ts). */
export default {
  'note-in-escrow':
    'Nu niet: het apparaat ({device}) houdt een biljet in escrow. De instellingen kunnen wijzigen zodra het biljet is opgeslagen of teruggegeven.',
  'credit-pending':
    'Nu niet: het apparaat ({device}) heeft een tegoed dat nog niet is bevestigd. De instellingen kunnen wijzigen zodra het tegoed is bevestigd.',
} as const;
