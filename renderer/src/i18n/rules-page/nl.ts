import type { Messages } from '../messages-shape.ts';

/** De spelregels in het Nederlands (het deel `rulesPage` van nl.ts). */
const rulesPage: Messages['rulesPage'] = {
  tabsLabel: 'Onderdelen van de regels',
  close: 'Regels sluiten',
  loading: 'De regels worden geladen…',
  tab: {
    play: 'Zo speelt u',
    cards: 'Schoen en kaarten',
    playerDraw: 'Derde kaart Speler',
    bankerDraw: 'Derde kaart Deler',
    payouts: 'Uitbetalingen',
    returns: 'Uitbetalings\u00adpercentage',
    limits: 'Inzetlimieten',
    conduct: 'Storingen en pauzes',
  },
  shoe: {
    title: 'De schoen',
    decks: 'Kaartspellen in de schoen: {decks}, samen {cards} kaarten.',
    fresh:
      'Elke ronde wordt gedeeld uit een vers geschudde schoen met alle {cards} kaarten, dus er gaat niets over van de ene ronde naar de volgende.',
  },
  cards: {
    title: 'Waarde van de kaarten',
    rank: 'Kaart',
    value: 'Punten',
    total:
      'Een hand is het laatste cijfer van de som van haar kaarten waard, dus een totaal ligt altijd tussen {low} en {high}.',
    example: '{cards} is samen {sum}: de hand is {total} waard.',
  },
  drawing: {
    naturalTitle: 'Naturals',
    natural:
      'Heeft een van beide handen {totals} met de eerste twee kaarten, dan is dat een natural: geen van beide handen krijgt nog een kaart.',
    playerTitle: 'De derde kaart van de Speler',
    playerIntro:
      'Zonder natural neemt de Speler een derde kaart bij een totaal van {draw} met twee kaarten en blijft hij staan bij {stand}.',
    playerTotal: 'Totaal Speler',
    bankerTitle: 'De derde kaart van de Deler',
    bankerIntro:
      'Zonder natural handelt de Deler naar het totaal van zijn eigen twee kaarten (rijen) en naar wat de Speler deed (kolommen).',
    bankerTotal: 'Totaal Deler',
    playerStood: 'Speler bleef staan',
    playerThird: 'Derde kaart van de Speler',
    drawLetter: 'K',
    standLetter: 'S',
    naturalLetter: 'N',
    drawWord: 'neemt een kaart',
    standWord: 'blijft staan',
    naturalWord: 'natural, blijft staan',
    cellPlayer: 'Totaal Speler {total}: {action}',
    cellBanker: 'Totaal Deler {total}, {column}: {action}',
  },
  payouts: {
    title: 'Uitbetalingen',
    bet: 'Inzet op',
    pays: 'Betaalt',
    winHead: 'Winst geeft terug',
    winOn: '{paid} bij een inzet van {stake}',
    onTie: 'Bij Gelijkspel',
    tieWins: 'wint',
    returned: 'inzet terug',
    lost: 'inzet verloren',
    part: '{amount} terug',
    note: 'De bedragen zijn inclusief de inzet. Elk voorbeeld rekent met de minimale inzet. Inzetten op meerdere vakken in dezelfde ronde worden elk apart uitbetaald.',
    commission:
      'Winst op de Deler betaalt {pays}: het huis houdt {percent} van de winst, en een deel van de kleinste munt wordt naar beneden afgerond.',
    exampleTitle: 'Een voorbeeld van winst op de Deler',
    example: 'Inzet {stake}: winst {winnings}, u krijgt {paid} terug.',
    exampleRounded: 'Inzet {stake}: de winst is precies {exact}, uitbetaald als {winnings}, dus u krijgt {paid} terug.',
  },
  returns: {
    title: 'Uitbetaling aan de speler',
    rules: 'Kaartspellen: {decks} · Gelijkspel betaalt {tie}',
    intro:
      'Exact berekend over elke mogelijke deling uit een vers geschudde schoen: over veel rondes betaalt elke inzet dit deel van wat erop wordt ingezet terug.',
    bet: 'Inzet op',
    chance: 'Kans op winst',
    rtp: 'Uitbetaling',
    loading: 'De cijfers voor deze regels worden berekend…',
  },
  limits: {
    title: 'Inzetlimieten',
    bet: 'Inzet op',
    min: 'Minimum',
    max: 'Maximum',
    tableMax: 'Alle inzetten van een ronde samen, hoogstens',
    maxWin: 'De hoogste winst in één ronde',
  },
  conduct: {
    faultTitle: 'Als de machine een storing heeft',
    fault:
      'Een storing tijdens een ronde, bijvoorbeeld in de toevalsgenerator, het geheugen of de stroomvoorziening, maakt de ronde ongeldig. Geen enkele uitslag telt, elke inzet van die ronde gaat precies één keer terug naar uw tegoed, en het spel blijft stilstaan tot de storing is verholpen.',
    idleTitle: 'Als er niemand speelt',
    idle: 'Hebt u tegoed of inzetten op tafel en raakt niemand het scherm {idle} lang aan, dan vraagt de machine „{question}” en telt {countdown} af.',
    idleTouch: 'Eén aanraking waar dan ook en u speelt verder; uw inzetten blijven liggen.',
    idleExpire:
      'Loopt het aftellen af, dan gaan de inzetten op tafel terug naar uw tegoed. Uw tegoed blijft op de machine.',
    idleNever: 'Tijdens een ronde of als de machine geblokkeerd is, wordt het nooit gevraagd.',
  },
};
export default rulesPage;
