import { describe, expect, it } from 'vitest';
import { anchorsOf, findProblems, headingAnchor } from './check-sources.ts';

const DOCS: Record<string, string> = {
  'docs/rules.md':
    '# Rules\n\n## The tableau\n\n### Banker rounding\n\n```\n## not a heading\n```\n\n## Notes\n\n## Notes\n',
};
// The refused citations are assembled from parts, so this file does not trip the rules it tests.
const NOTES = ['domain', 'notes'].join('-');
const SHARED = ['..', 'shared'].join('/');
const ISSUE = (n: number) => `(issue ${n})`;

const readDoc = (p: string): string | null => DOCS[p] ?? null;
const check = (text: string) => findProblems('x.ts', text, readDoc).map((p) => p.message);

describe('sources cite only what is inside the repository', () => {
  it('accepts a citation of an existing docs heading', () => {
    expect(check('// Banker draws on 0–2 (docs/rules.md#the-tableau).')).toEqual([]);
    expect(check('see docs/rules.md for the game')).toEqual([]);
  });

  it.each([
    [`// the tableau (${NOTES} §2)`, NOTES],
    ['// REBET deals at once (seed 004)', 'seed 004'],
    [`it('chips ${ISSUE(3)}', () => {})`, ISSUE(3)],
    ['// as issue 12 asks', 'issue 12'],
    ["describe('the renderer is untrusted (brief: …)')", 'brief'],
    [`read ${SHARED}/seeds/000.txt`, SHARED],
    ["const p = '/work/main/journal.sqlite'", '/work/'],
    ['cd /home/dev/baccarat', '/home/'],
  ])('refuses %j', (line, culprit) => {
    const messages = check(line);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(culprit);
  });

  it('refuses a docs file or a heading that does not exist, and lists the anchors it has', () => {
    expect(check('docs/roads.md#big-road')).toEqual(['"docs/roads.md#big-road" cites a docs file that does not exist']);
    const [message] = check('docs/rules.md#the-shoe');
    expect(message).toContain('does not have');
    expect(message).toContain('the-tableau, banker-rounding, notes, notes-1');
  });

  it('leaves device and system paths alone', () => {
    expect(
      check("const port = '/dev/ttyACM0'; const chromium = '/usr/bin/chromium'; const shm = '/dev/shm/x';"),
    ).toEqual([]);
  });
});

describe('heading anchors follow GitHub', () => {
  it('lowercases, drops punctuation and turns spaces into hyphens', () => {
    expect(headingAnchor('Rule sheet A: Swedish (000)')).toBe('rule-sheet-a-swedish-000');
    expect(headingAnchor('CRC-16/KERMIT')).toBe('crc-16kermit');
    expect(headingAnchor('VEND_VALID, the only credit point')).toBe('vend_valid-the-only-credit-point');
  });

  it('ignores headings inside code fences and numbers repeats', () => {
    expect([...anchorsOf(DOCS['docs/rules.md']!)]).toEqual([
      'rules',
      'the-tableau',
      'banker-rounding',
      'notes',
      'notes-1',
    ]);
  });
});
