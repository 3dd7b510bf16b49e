/** Why main refused a staff request, by reason code, in Swedish (the `refusal` section of sv.ts). */
export default {
  'note-in-escrow':
    'Inte nu: enheten ({device}) håller en sedel i escrow. Inställningarna kan ändras när sedeln är staplad eller återlämnad.',
  'credit-pending':
    'Inte nu: enheten ({device}) har en kredit som ännu inte är bekräftad. Inställningarna kan ändras när krediten är bekräftad.',
  'money-on-cabinet':
    'Inte medan en spelare har pengar i automaten (krediter {credits}, obetalda handutbetalningar {handpays}, öppna omgångar {rounds}). Betala ut krediterna eller handutbetalningen först.',
  'money-on-cabinet-settings':
    '{settings}: kan bara ändras när ingen spelare har pengar i automaten (krediter {credits}, obetalda handutbetalningar {handpays}, öppna omgångar {rounds}). Betala ut krediterna eller handutbetalningen först.',
  'restart-only':
    '{settings}: ändras bara när lokalens konfigurationsfil installeras på nytt och automaten startas om, aldrig från den här skärmen.',
} as const;
