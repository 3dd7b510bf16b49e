import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useSettingsStore } from './useSettingsStore.ts';

beforeEach(() => setActivePinia(createPinia()));

describe("the table's language: the venue default until the player chooses, for their session only", () => {
  it('a player who has not chosen sees the venue default, and follows it when the venue changes it', () => {
    const s = useSettingsStore();
    s.setVenueLanguage('de');
    expect(s.locale).toBe('de');
    s.setVenueLanguage('sv');
    expect(s.locale).toBe('sv');
  });
  it("the player's choice holds against a new venue default until the session ends", () => {
    const s = useSettingsStore();
    s.setVenueLanguage('de');
    s.locale = 'fi';
    s.setVenueLanguage('nl');
    expect(s.locale).toBe('fi');
    s.endSession();
    expect(s.locale).toBe('nl');
  });
  it('ignores a language the table does not have', () => {
    const s = useSettingsStore();
    s.setVenueLanguage('xx');
    s.locale = 'xx' as never;
    expect(s.locale).toBe('en');
    expect(s.chosenLocale).toBeNull();
  });
});

describe("the player's own speed ends with their session", () => {
  it('fast play chosen by one player is off for the next', () => {
    const s = useSettingsStore();
    s.fastPlay = true;
    s.endSession();
    expect(s.fastPlay).toBe(false);
  });
});
