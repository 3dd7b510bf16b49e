import { describe, expect, it } from 'vitest';
import en from '../i18n/en.ts';
import { errorText } from './error-text.ts';

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
    expect(errorText({ code: 'invalid-request', message: 'Something broke' }, t, te)).toBe('Something broke');
  });
  it('an internal fault (or a lost connection) is shown in the player’s language, not main’s English', () => {
    const text = errorText({ code: 'internal', message: 'the cabinet could not complete round:deal' }, t, te);
    expect(text).toBe(en.errors.internal);
    expect(text).not.toContain('round:deal');
  });
});
