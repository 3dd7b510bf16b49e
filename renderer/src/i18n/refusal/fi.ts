/** Why main refused a staff request, by reason code, in Finnish (the `refusal` section of fi.ts). */
export default {
  'note-in-escrow':
    'Ei nyt: laitteella ({device}) on seteli escrow-tilassa. Asetuksia voi muuttaa, kun seteli on pinottu tai palautettu.',
  'credit-pending':
    'Ei nyt: laitteella ({device}) on hyvitys, jota ei ole vielä kuitattu. Asetuksia voi muuttaa, kun hyvitys on kuitattu.',
  'money-on-cabinet':
    'Ei, kun pelaajalla on rahaa tässä laitteessa (krediitit {credits}, maksamattomat käsinmaksut {handpays}, avoimet kierrokset {rounds}). Maksa krediitit tai käsinmaksu ensin.',
  'money-on-cabinet-settings':
    '{settings}: voi muuttaa vain, kun yhdelläkään pelaajalla ei ole rahaa tässä laitteessa (krediitit {credits}, maksamattomat käsinmaksut {handpays}, avoimet kierrokset {rounds}). Maksa krediitit tai käsinmaksu ensin.',
  'restart-only':
    '{settings}: muuttuu vain, kun pelipaikan asetustiedosto asennetaan uudelleen ja laite käynnistetään uudelleen, ei koskaan tältä näytöltä.',
} as const;
