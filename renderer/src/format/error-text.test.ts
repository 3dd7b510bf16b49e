import { describe, expect, it } from 'vitest';
import en from '../i18n/en.ts';
import type { IpcError } from '../../../electron/ipc/contract.ts';
import { errorText, staffErrorText, tableErrorText } from './error-text.ts';

const errors = en.errors as Record<string, string>;
const t = (key: string, named?: Record<string, unknown>): string =>
  (errors[key.replace('errors.', '')] ?? key).replace('{limit}', String(named?.limit ?? ''));
const te = (key: string): boolean => key.replace('errors.', '') in errors;

describe('refused requests are shown in words', () => {
  it('a limit error names the limit, formatted from minor units', () => {
    const text = errorText(
      { code: 'above-spot-max', message: 'x', limit: { name: 'tie.max', valueMinor: 12500 } },
      t,
      te,
    );
    expect(text).toBe('The maximum bet on this spot is 125.00.');
  });
  it('a limit error without the limit falls back to main’s message', () => {
    expect(errorText({ code: 'above-table-max', message: 'Table max is 2000.00' }, t, te)).toBe('Table max is 2000.00');
  });
  it('an unknown code falls back to main’s message', () => {
    const code = 'not-a-known-code' as IpcError['code'];
    expect(errorText({ code, message: 'Something broke' }, t, te)).toBe('Something broke');
  });
  it('a refused request the table cannot make sense of is still said in words (invalid-request)', () => {
    expect(errorText({ code: 'invalid-request', message: 'field "x": bad' }, t, te)).toBe(en.errors['invalid-request']);
  });
  it('an internal fault (or a lost connection) is shown in the player’s language, not main’s English', () => {
    const text = errorText({ code: 'internal', message: 'the cabinet could not complete round:deal' }, t, te);
    expect(text).toBe(en.errors.internal);
    expect(text).not.toContain('round:deal');
  });
});

describe('a staff screen never shows main’s English', () => {
  const time = (iso: string): string => iso.slice(11, 16);
  const tt = (key: string, named?: Record<string, unknown>): string => {
    const [section, leaf] = key.split('.') as [string, string];
    const tree = (en as unknown as Record<string, Record<string, string>>)[section] ?? {};
    return (tree[leaf] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(named?.[k] ?? ''));
  };
  const tte = (key: string): boolean => {
    const [section, leaf] = key.split('.') as [string, string];
    return leaf in ((en as unknown as Record<string, Record<string, string>>)[section] ?? {});
  };
  it('a lockout names when it ends', () => {
    const text = staffErrorText(
      { code: 'locked-out', message: 'locked', until: '2026-12-01T10:15:00.000Z' },
      tt,
      tte,
      time,
    );
    expect(text).toBe('Locked until 10:15');
  });
  it('a code without a sentence is named, main’s message is not shown', () => {
    const text = staffErrorText({ code: 'brand-new-code', message: 'Some English detail' }, tt, tte, time);
    expect(text).toBe('Refused by the cabinet (brand-new-code).');
  });
  it('each staff refusal code has a sentence in English', () => {
    for (const code of ['key-off', 'signed-out', 'wrong-role', 'wrong-pin', 'menu-open', 'invalid-config']) {
      expect(staffErrorText({ code, message: 'x' }, tt, tte, time)).toBe(en.errors[code as keyof typeof en.errors]);
    }
  });
});

describe('a chip the credit cannot cover, on the player’s table', () => {
  const refused: IpcError = { code: 'insufficient-credits', message: 'not enough credits' };
  const money = (minor: number): string => String(minor);
  it('at zero credit invites the player to insert a note', () => {
    expect(tableErrorText(refused, t, te, money, 0)).toBe(en.errors.insertNote);
  });
  it('with some credit says the credit is too low for that bet', () => {
    expect(tableErrorText(refused, t, te, money, 50)).toBe(en.errors['insufficient-credits']);
  });
  it('in demo mode (no notes taken) never asks for a note', () => {
    expect(tableErrorText(refused, t, te, money, null)).toBe(en.errors['insufficient-credits']);
  });
});
