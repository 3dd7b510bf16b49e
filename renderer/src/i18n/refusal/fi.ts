/** Why main refused a staff request, by reason code, in Finnish (the `refusal` section of fi.ts). */
export default {
  'note-in-escrow':
    'Ei nyt: laitteella ({device}) on seteli escrow-tilassa. Asetuksia voi muuttaa, kun seteli on pinottu tai palautettu.',
  'credit-pending':
    'Ei nyt: laitteella ({device}) on hyvitys, jota ei ole vielä kuitattu. Asetuksia voi muuttaa, kun hyvitys on kuitattu.',
} as const;
