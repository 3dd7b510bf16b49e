import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOCALES, messages, type Locale } from './index.ts';
import { CONTROLS, GLOSSARY, SPOTS, type Control, type Spot } from './glossary.ts';

/**
 * One name per spot and control in each language (docs/glossary.md): every message of every language is
 * searched for every name any language gives a spot or control, and for the other words these texts used
 * before; a word found must be its own language's name or one of that name's forms.
 */
type TermKey = Spot | Control;
type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

/** Words these texts used for a spot or control before there was one name, found in any language. */
const FORMER_NAMES: { readonly [T in TermKey]?: readonly string[] } = {
  banker: ['bank', 'bankpaar', 'bankpar', 'bankcommissie', 'pankkiiri', 'pankkiirin', 'jakaja', 'jakajan', 'bankier'],
  tie: [
    'gleichstand',
    'remis',
    'oavgjort',
    'oavgjorda',
    'oavgjord',
    'tasan',
    'nerozhodná',
    'nerozhodný',
    'nerozhodné',
    'nerozhodně',
    'gelijke stand',
    'egalité',
  ],
  deal: ['Dela ut'],
  newBet: ['Neuer Einsatz'],
  rebet: ['Nochmal', 'Samma insats', 'Herhaal', 'Znovu'],
  rebetX2: ['Nochmal ×2', 'Samma ×2', 'Sama ×2', 'Herhaal ×2', 'Znovu ×2'],
  eraser: ['Radieren'],
};

/** Words that only look like a term in one language: Finnish "tie" is a road (the roads panel). */
const NOT_THE_TERM: { readonly [L in Locale]?: readonly string[] } = { fi: ['tie'] };

interface Needle {
  readonly term: TermKey;
  readonly text: string;
  /** Spots are nouns a sentence may start with or set in lower case; controls are found as labelled or in capitals. */
  readonly caseBlind: boolean;
}

const lower = (s: string): string => s.toLocaleLowerCase();

function needles(): Needle[] {
  const out: Needle[] = [];
  const add = (term: TermKey, text: string): void => {
    const spot = (SPOTS as readonly string[]).includes(term);
    if (spot) out.push({ term, text: lower(text), caseBlind: true });
    else out.push({ term, text, caseBlind: false }, { term, text: text.toLocaleUpperCase(), caseBlind: false });
  };
  for (const lang of LOCALES) {
    for (const term of [...SPOTS, ...CONTROLS]) {
      const t = GLOSSARY[lang][term];
      for (const word of [t.name, ...t.forms]) add(term, word);
    }
  }
  for (const [term, words] of Object.entries(FORMER_NAMES)) for (const word of words ?? []) add(term as TermKey, word);
  return out.sort((a, b) => b.text.length - a.text.length);
}
const NEEDLES = needles();

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern for the controls (case as written) and one for the spots (any case), each an alternation of
 * whole words, longest first, so "Rebet ×2" is read as one control before "Rebet" is.
 */
function alternation(caseBlind: boolean): { pattern: RegExp; termOf: Map<string, TermKey> } {
  const chosen = NEEDLES.filter((n) => n.caseBlind === caseBlind);
  const termOf = new Map(chosen.map((n) => [n.text, n.term] as const));
  const body = [...termOf.keys()].map(escape).join('|');
  return { pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, caseBlind ? 'giu' : 'gu'), termOf };
}
const CONTROL_NAMES = alternation(false);
const SPOT_NAMES = alternation(true);

/** Every spot or control name in `text`, each place read once. */
function namesIn(text: string): { term: TermKey; word: string }[] {
  // A {placeholder} is a parameter's name, not a word on the screen.
  let rest = text.replace(/\u00ad/g, '').replace(/\{\w+\}/g, (p) => ' '.repeat(p.length));
  const found: { term: TermKey; word: string }[] = [];
  for (const { pattern, termOf } of [CONTROL_NAMES, SPOT_NAMES]) {
    rest = rest.replace(pattern, (word) => {
      found.push({ term: termOf.get(pattern.ignoreCase ? lower(word) : word)!, word });
      return ' '.repeat(word.length);
    });
  }
  return found;
}

/** The word is this language's name of the term, or one of its forms. */
function isOwn(lang: Locale, term: TermKey, word: string): boolean {
  const t = GLOSSARY[lang][term];
  return [t.name, ...t.forms].some((w) => lower(w) === lower(word));
}

function strays(lang: Locale): string[] {
  const exempt = (NOT_THE_TERM[lang] ?? []).map(lower);
  const out: string[] = [];
  for (const [key, text] of leaves(messages[lang] as unknown as Tree)) {
    for (const { term, word } of namesIn(text)) {
      if (isOwn(lang, term, word) || exempt.includes(lower(word))) continue;
      out.push(`${lang} ${key}: "${word}" for ${term}, which ${lang} calls "${GLOSSARY[lang][term].name}"`);
    }
  }
  return out;
}

describe('each language names each spot and control one way (docs/glossary.md)', () => {
  it('the glossary covers exactly the screen languages', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual([...LOCALES].sort());
  });

  for (const lang of LOCALES) {
    it(`${lang}: no message calls a spot or control by another name`, () => {
      expect(strays(lang)).toEqual([]);
    });
  }

  it('the felt, the buttons and the badges read the glossary names', () => {
    for (const lang of LOCALES) {
      const m = messages[lang];
      const g = GLOSSARY[lang];
      const shown = {
        player: m.spot.player,
        banker: m.spot.banker,
        tie: m.spot.tie,
        deal: m.table.deal,
        newBet: m.table.newBet,
        rebet: m.table.rebet,
        rebetX2: m.table.rebetX2,
        undo: m.table.undo,
        clear: m.table.clear,
        cashOut: m.table.cashout,
        eraser: m.chips.eraserShort,
      } satisfies Record<TermKey, string>;
      for (const term of [...SPOTS, ...CONTROLS]) {
        expect(shown[term].replace(/\u00ad/g, ''), `${lang} ${term}`).toBe(g[term].name);
      }
      expect([m.spot.badgePlayer, m.spot.badgeBanker, m.spot.badgeTie], lang).toEqual([
        g.player.badge,
        g.banker.badge,
        g.tie.badge,
      ]);
    }
  });

  it('each badge starts its spot’s name and tells the three spots apart', () => {
    for (const lang of LOCALES) {
      const badges = SPOTS.map((s) => GLOSSARY[lang][s].badge);
      expect(new Set(badges).size, lang).toBe(3);
      for (const s of SPOTS)
        expect(lower(GLOSSARY[lang][s].name).startsWith(lower(GLOSSARY[lang][s].badge))).toBe(true);
    }
  });

  it('no name of one term is a name or form of another term in the same language', () => {
    for (const lang of LOCALES) {
      const seen = new Map<string, TermKey>();
      for (const term of [...SPOTS, ...CONTROLS]) {
        for (const w of [GLOSSARY[lang][term].name, ...GLOSSARY[lang][term].forms].map(lower)) {
          expect(seen.get(w) ?? term, `${lang} "${w}"`).toBe(term);
          seen.set(w, term);
        }
      }
    }
  });

  it('a stray name is found wherever it stands in a sentence, and a longer word around it is not one', () => {
    const bank = fc.constantFrom('Bank', 'bank', 'BANK');
    const word = fc.stringMatching(/^[a-zäöü]{1,8}$/);
    fc.assert(
      fc.property(word, bank, word, (before, stray, after) => {
        expect(namesIn(`${before} ${stray}, ${after}`)).toContainEqual({ term: 'banker', word: stray });
        expect(namesIn(`${before}${stray}${after}`).some((n) => lower(n.word) === 'bank')).toBe(false);
      }),
    );
  });
});
