/** Why main refused a staff request, by reason code, in Czech (the `refusal` section of cs.ts). */
export default {
  'note-in-escrow':
    'Teď ne: zařízení ({device}) drží bankovku v úschově (escrow). Nastavení lze změnit, až bude bankovka uložena nebo vrácena.',
  'credit-pending':
    'Teď ne: zařízení ({device}) má připsaný kredit, který ještě není potvrzen. Nastavení lze změnit, až bude kredit potvrzen.',
} as const;
