/** Why main refused a staff request, by reason code, in German (the `refusal` section of de.ts). */
export default {
  'note-in-escrow':
    'Jetzt nicht: Das Gerät ({device}) hält eine Banknote im Escrow. Die Einstellungen lassen sich ändern, sobald die Banknote eingezogen oder zurückgegeben ist.',
  'credit-pending':
    'Jetzt nicht: Das Gerät ({device}) hat eine Gutschrift, die noch nicht bestätigt ist. Die Einstellungen lassen sich ändern, sobald die Gutschrift bestätigt ist.',
} as const;
