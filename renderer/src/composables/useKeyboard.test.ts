import { describe, expect, it } from 'vitest';
import { keyAction } from './useKeyboard.ts';

describe('keyboard map (docs/rules.md#keyboard)', () => {
  it('number keys 1..9 choose chips 0..8', () => {
    expect(keyAction({ key: '1' })).toEqual({ kind: 'chip', index: 0 });
    expect(keyAction({ key: '9' })).toEqual({ kind: 'chip', index: 8 });
    expect(keyAction({ key: '0' })).toEqual({ kind: 'none' });
  });
  it('Space is DEAL (the same action as the button), Esc opens the menu', () => {
    expect(keyAction({ key: ' ' })).toEqual({ kind: 'deal' });
    expect(keyAction({ key: 'Escape' })).toEqual({ kind: 'menu' });
  });
  it('Enter presses the focused control natively; with no control focused it is DEAL', () => {
    expect(keyAction({ key: 'Enter' }, { controlFocused: true })).toEqual({ kind: 'none' });
    expect(keyAction({ key: 'Enter' }, { controlFocused: false })).toEqual({ kind: 'deal' });
    expect(keyAction({ key: 'Enter' }, { controlFocused: false, dialogOpen: true })).toEqual({ kind: 'none' });
  });
  it('Space under an open dialog is swallowed: it neither deals nor presses a dialog button', () => {
    expect(keyAction({ key: ' ' }, { dialogOpen: true })).toEqual({ kind: 'swallow' });
    expect(keyAction({ key: ' ' }, { dialogOpen: false })).toEqual({ kind: 'deal' });
    expect(keyAction({ key: 'Escape' }, { dialogOpen: true })).toEqual({ kind: 'menu' });
  });
  it('under a lock screen Esc opens nothing and Space deals nothing', () => {
    expect(keyAction({ key: 'Escape' }, { locked: true })).toEqual({ kind: 'swallow' });
    expect(keyAction({ key: ' ' }, { locked: true })).toEqual({ kind: 'swallow' });
    expect(keyAction({ key: 'Enter' }, { locked: true, dialogOpen: true, controlFocused: false })).toEqual({
      kind: 'none',
    });
    expect(keyAction({ key: 'Escape' }, { locked: false })).toEqual({ kind: 'menu' });
  });
  it('Shift+I toggles the service panel; plain i does nothing', () => {
    expect(keyAction({ key: 'I', shiftKey: true })).toEqual({ kind: 'service' });
    expect(keyAction({ key: 'i' })).toEqual({ kind: 'none' });
  });
  it('modifier combinations are left to the browser', () => {
    expect(keyAction({ key: '1', ctrlKey: true })).toEqual({ kind: 'none' });
  });
});
