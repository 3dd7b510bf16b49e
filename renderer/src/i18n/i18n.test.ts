import { describe, expect, it } from 'vitest';
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
