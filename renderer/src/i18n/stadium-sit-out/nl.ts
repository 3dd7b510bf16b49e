/**
 * Why a stadium terminal locked nothing at its close, in Dutch (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'U hebt deze ronde overgeslagen.',
  'no-bets': 'In deze ronde zijn geen inzetten geplaatst.',
  tilted: 'Het apparaat is gepauzeerd, dus in deze ronde zijn geen inzetten aangenomen.',
  'round-in-progress': 'Uw vorige ronde wacht nog op de uitslag, dus in deze ronde zijn geen inzetten aangenomen.',
  'below-spot-min': 'Een inzet lag onder het minimum van het vak, dus in deze ronde zijn geen inzetten aangenomen.',
  'above-spot-max': 'Een inzet lag boven het maximum van het vak, dus in deze ronde zijn geen inzetten aangenomen.',
  'above-table-max': 'Uw inzetten lagen boven het tafelmaximum, dus in deze ronde zijn geen inzetten aangenomen.',
  'above-max-win':
    'Uw inzetten hadden meer kunnen winnen dan de maximale winst per ronde, dus in deze ronde zijn geen inzetten aangenomen.',
  'insufficient-credits':
    'Uw tegoed was niet genoeg voor deze inzetten, dus in deze ronde zijn geen inzetten aangenomen.',
  'reality-check-open': 'Uw realiteitscheck wachtte op een antwoord, dus in deze ronde zijn geen inzetten aangenomen.',
  'session-limit':
    'Uw sessie heeft een limiet van het casino bereikt, dus in deze ronde zijn geen inzetten aangenomen.',
};
