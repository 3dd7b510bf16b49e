/** Why main refused a staff request, by reason code, in Czech (the `refusal` section of cs.ts). */
export default {
  'note-in-escrow':
    'Teď ne: zařízení ({device}) drží bankovku v úschově (escrow). Nastavení lze změnit, až bude bankovka uložena nebo vrácena.',
  'credit-pending':
    'Teď ne: zařízení ({device}) má připsaný kredit, který ještě není potvrzen. Nastavení lze změnit, až bude kredit potvrzen.',
  'money-on-cabinet':
    'Ne, dokud má hráč na tomto automatu peníze (kredity {credits}, nevyplacené ruční výplaty {handpays}, otevřená kola {rounds}). Nejprve vyplaťte kredity nebo ruční výplatu.',
  'money-on-cabinet-settings':
    '{settings}: lze změnit jen tehdy, když žádný hráč nemá na tomto automatu peníze (kredity {credits}, nevyplacené ruční výplaty {handpays}, otevřená kola {rounds}). Nejprve vyplaťte kredity nebo ruční výplatu.',
  'restart-only':
    '{settings}: mění se jen novou instalací konfiguračního souboru provozovny a restartem automatu, nikdy z této obrazovky.',
} as const;
