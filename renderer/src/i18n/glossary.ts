/**
 * One name per bet spot and per table control in each language (docs/glossary.md). The language files take
 * the labels (felt, buttons, badges) from here; running text that bends a name (case, number, possessive)
 * writes the bent form, and glossary.test.ts holds every message of every language to these forms.
 */

/** A name and the spellings a sentence may bend it into; compared case-blind, whole words only. */
export interface Term {
  readonly name: string;
  readonly forms: readonly string[];
}

/** A bet spot also has a badge: the letter(s) on the road beads, the hands and the recall card tags. */
export interface SpotTerm extends Term {
  readonly badge: string;
}

export const SPOTS = ['player', 'banker', 'tie'] as const;
export type Spot = (typeof SPOTS)[number];
export const CONTROLS = ['deal', 'newBet', 'rebet', 'rebetX2', 'undo', 'clear', 'cashOut', 'eraser'] as const;
export type Control = (typeof CONTROLS)[number];

export type LocaleGlossary = { readonly [S in Spot]: SpotTerm } & { readonly [C in Control]: Term };

/** A control's name is never bent: running text writes it as on the button, or in capitals. */
const control = (name: string): Term => ({ name, forms: [] });

export const GLOSSARY = {
  en: {
    player: { name: 'Player', badge: 'P', forms: ['players'] },
    banker: { name: 'Banker', badge: 'B', forms: ['bankers'] },
    tie: { name: 'Tie', badge: 'T', forms: ['ties', 'tied'] },
    deal: control('Deal'),
    newBet: control('New bet'),
    rebet: control('Rebet'),
    rebetX2: control('Rebet ×2'),
    undo: control('Undo'),
    clear: control('Clear'),
    cashOut: control('Cash out'),
    eraser: control('Erase'),
  },
  sv: {
    player: { name: 'Spelare', badge: 'S', forms: ['spelaren', 'spelarens', 'spelarna', 'spelarnas'] },
    banker: { name: 'Banken', badge: 'B', forms: ['bankens'] },
    tie: { name: 'Lika', badge: 'L', forms: [] },
    deal: control('Ge'),
    newBet: control('Ny insats'),
    rebet: control('Satsa om'),
    rebetX2: control('Satsa om ×2'),
    undo: control('Ångra'),
    clear: control('Rensa'),
    cashOut: control('Ta ut'),
    eraser: control('Sudda'),
  },
  de: {
    player: { name: 'Spieler', badge: 'S', forms: ['spielers', 'spielern'] },
    banker: { name: 'Banker', badge: 'B', forms: ['bankers'] },
    tie: { name: 'Unentschieden', badge: 'U', forms: [] },
    deal: control('Geben'),
    newBet: control('Neues Spiel'),
    rebet: control('Gleicher Einsatz'),
    rebetX2: control('Gleicher Einsatz ×2'),
    undo: control('Rückgängig'),
    clear: control('Leeren'),
    cashOut: control('Auszahlen'),
    eraser: control('Weg'),
  },
  fi: {
    player: {
      name: 'Pelaaja',
      badge: 'Pe',
      forms: ['pelaajan', 'pelaajaa', 'pelaajalle', 'pelaajalla', 'pelaajalta', 'pelaajat', 'pelaajien', 'pelaajaksi'],
    },
    banker: {
      name: 'Pankki',
      badge: 'Pa',
      forms: ['pankin', 'pankkia', 'pankille', 'pankilla', 'pankilta', 'pankiksi'],
    },
    tie: {
      name: 'Tasapeli',
      badge: 'T',
      forms: [
        'tasapelin',
        'tasapeliä',
        'tasapelissä',
        'tasapelistä',
        'tasapeliin',
        'tasapelille',
        'tasapelit',
        'tasapelejä',
      ],
    },
    deal: control('Jaa'),
    newBet: control('Uusi panos'),
    rebet: control('Sama panos'),
    rebetX2: control('Sama panos ×2'),
    undo: control('Kumoa'),
    clear: control('Tyhjennä'),
    cashOut: control('Kotiuta'),
    eraser: control('Pyyhi'),
  },
  nl: {
    player: { name: 'Speler', badge: 'S', forms: ['spelers'] },
    banker: { name: 'Deler', badge: 'D', forms: ['delers'] },
    tie: { name: 'Gelijkspel', badge: 'G', forms: ['gelijkspellen'] },
    deal: control('Delen'),
    newBet: control('Nieuwe inzet'),
    rebet: control('Zelfde inzet'),
    rebetX2: control('Zelfde inzet ×2'),
    undo: control('Ongedaan'),
    clear: control('Wissen'),
    cashOut: control('Uitbetalen'),
    eraser: control('Gum'),
  },
  cs: {
    player: { name: 'Hráč', badge: 'H', forms: ['hráče', 'hráči', 'hráčem', 'hráčů', 'hráčům', 'hráčích'] },
    banker: { name: 'Bankéř', badge: 'B', forms: ['bankéře', 'bankéři', 'bankéřem', 'bankéřů'] },
    tie: { name: 'Remíza', badge: 'R', forms: ['remízy', 'remíze', 'remízu', 'remízou', 'remíz'] },
    deal: control('Rozdat'),
    newBet: control('Nová sázka'),
    rebet: control('Opakovat sázku'),
    rebetX2: control('Opakovat sázku ×2'),
    undo: control('Vrátit'),
    clear: control('Odstranit sázky'),
    cashOut: control('Vybrat'),
    eraser: control('Guma'),
  },
} as const satisfies Record<string, LocaleGlossary>;

export type GlossaryLocale = keyof typeof GLOSSARY;
