/**
 * Why a stadium terminal locked nothing at its close, in Finnish (`stadiumSitOut`; the view's `sitOut`,
 * docs/stadium.md#one-round-at-a-terminal). Every language has the same keys.
 */
export default {
  skipped: 'Jätit tämän kierroksen väliin.',
  'no-bets': 'Tällä kierroksella ei asetettu panoksia.',
  tilted: 'Laite on tauolla, joten tällä kierroksella ei otettu vastaan panoksia.',
  'round-in-progress':
    'Edellinen kierroksesi odottaa yhä tulostaan, joten tällä kierroksella ei otettu vastaan panoksia.',
  'below-spot-min': 'Panos oli alle kohteensa minimin, joten tällä kierroksella ei otettu vastaan panoksia.',
  'above-spot-max': 'Panos ylitti kohteensa maksimin, joten tällä kierroksella ei otettu vastaan panoksia.',
  'above-table-max': 'Panoksesi ylittivät pöydän maksimin, joten tällä kierroksella ei otettu vastaan panoksia.',
  'above-max-win':
    'Panoksesi olisivat voineet voittaa enemmän kuin kierroksen suurin voitto, joten tällä kierroksella ei otettu vastaan panoksia.',
  'insufficient-credits': 'Saldosi ei riittänyt näihin panoksiin, joten tällä kierroksella ei otettu vastaan panoksia.',
  'reality-check-open':
    'Todellisuustarkistuksesi odotti vastausta, joten tällä kierroksella ei otettu vastaan panoksia.',
  'session-limit':
    'Pelisessiosi on saavuttanut pelipaikan asettaman rajan, joten tällä kierroksella ei otettu vastaan panoksia.',
};
