/** Why main refused a staff request, by reason code, in Dutch (the `refusal` section of nl.ts). */
export default {
  'note-in-escrow':
    'Nu niet: het apparaat ({device}) houdt een biljet in escrow. De instellingen kunnen wijzigen zodra het biljet is opgeslagen of teruggegeven.',
  'credit-pending':
    'Nu niet: het apparaat ({device}) heeft een tegoed dat nog niet is bevestigd. De instellingen kunnen wijzigen zodra het tegoed is bevestigd.',
  'money-on-cabinet':
    'Niet zolang een speler geld op deze kast heeft (tegoed {credits}, onbetaalde handuitbetalingen {handpays}, open rondes {rounds}). Betaal eerst het tegoed of de handuitbetaling uit.',
  'money-on-cabinet-settings':
    '{settings}: alleen te wijzigen zolang geen speler geld op deze kast heeft (tegoed {credits}, onbetaalde handuitbetalingen {handpays}, open rondes {rounds}). Betaal eerst het tegoed of de handuitbetaling uit.',
  'restart-only':
    '{settings}: wijzigt alleen als het configuratiebestand van de locatie opnieuw wordt geïnstalleerd en de kast opnieuw start, nooit vanaf dit scherm.',
} as const;
