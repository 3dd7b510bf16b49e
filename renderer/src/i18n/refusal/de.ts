/** Why main refused a staff request, by reason code, in German (the `refusal` section of de.ts). */
export default {
  'note-in-escrow':
    'Jetzt nicht: Das Gerät ({device}) hält eine Banknote im Escrow. Die Einstellungen lassen sich ändern, sobald die Banknote eingezogen oder zurückgegeben ist.',
  'credit-pending':
    'Jetzt nicht: Das Gerät ({device}) hat eine Gutschrift, die noch nicht bestätigt ist. Die Einstellungen lassen sich ändern, sobald die Gutschrift bestätigt ist.',
  'money-on-cabinet':
    'Nicht, solange ein Spieler Geld auf diesem Automaten hat (Guthaben {credits}, offene Handauszahlungen {handpays}, offene Runden {rounds}). Zuerst auszahlen oder die Handauszahlung leisten.',
  'money-on-cabinet-settings':
    '{settings}: nur änderbar, solange kein Spieler Geld auf diesem Automaten hat (Guthaben {credits}, offene Handauszahlungen {handpays}, offene Runden {rounds}). Zuerst auszahlen oder die Handauszahlung leisten.',
  'restart-only':
    '{settings}: nur änderbar, indem die Konfigurationsdatei des Betriebs neu eingerichtet und der Automat neu gestartet wird, nie auf diesem Bildschirm.',
} as const;
