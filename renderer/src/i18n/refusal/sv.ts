/** Why main refused a staff request, by reason code, in Swedish (the `refusal` section of sv.ts). */
export default {
  'note-in-escrow':
    'Inte nu: enheten ({device}) håller en sedel i escrow. Inställningarna kan ändras när sedeln är staplad eller återlämnad.',
  'credit-pending':
    'Inte nu: enheten ({device}) har en kredit som ännu inte är bekräftad. Inställningarna kan ändras när krediten är bekräftad.',
} as const;
