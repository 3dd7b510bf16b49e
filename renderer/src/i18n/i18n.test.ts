import { describe, expect, it } from 'vitest';
import type { TiltKind } from '../../../electron/core/model/tilt.ts';
import en from './en.ts';
import sv from './sv.ts';
import de from './de.ts';
import fi from './fi.ts';
import nl from './nl.ts';
import cs from './cs.ts';

type Tree = { [k: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

const base = leaves(en as unknown as Tree);
const languages = { sv, de, fi, nl, cs } as Record<string, unknown>;

describe('every language file has the same keys as English (style guide: vue-i18n key parity)', () => {
  for (const [name, messages] of Object.entries(languages)) {
    it(`${name} has exactly the English keys, each with the same {placeholders}`, () => {
      const other = leaves(messages as Tree);
      expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
      for (const [key, text] of base) {
        expect(placeholders(other.get(key) ?? ''), `${name}:${key}`).toEqual(placeholders(text));
        expect((other.get(key) ?? '').trim().length, `${name}:${key} is empty`).toBeGreaterThan(0);
      }
    });
  }
  it('no message uses vue-i18n special characters by accident (@ | unescaped)', () => {
    for (const messages of [en, ...Object.values(languages)]) {
      for (const [key, text] of leaves(messages as unknown as Tree)) expect(/[@|]/.test(text), key).toBe(false);
    }
  });
});

describe('the player tilt screen words every tilt itself, never main’s reason', () => {
  // Type-checked against TiltKind: a new kind fails to compile here until it is listed.
  const OWN_SCREEN = {
    'handpay-pending': true,
    'storage-fault': true,
    'rng-fault': false,
    'device-fault': false,
    'door-open': false,
    'memory-error': false,
  } as const satisfies Record<TiltKind, boolean>;
  for (const [kind, own] of Object.entries(OWN_SCREEN)) {
    if (own) continue;
    it(`${kind} has its own sentence for players`, () => {
      expect(base.get(`tilt.what.${kind}`)).toMatch(/\w{3}/);
    });
  }
});
