import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe("the roads: the venue's default until the player switches them, for their session only", () => {
  // The page's session storage, as the browser keeps it across a reload of the same tab.
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a player who has not switched sees the venue's choice, and follows it when the venue changes it", () => {
    const s = useSettingsStore();
    expect(s.roads).toBe(true);
    s.setVenueRoads(false);
    expect(s.roads).toBe(false);
  });

  it("the player's switch holds against the venue default and across a reload, until the session ends", () => {
    const s = useSettingsStore();
    s.setVenueRoads(true);
    s.roads = false;
    s.setVenueRoads(true);
    expect(s.roads).toBe(false);
    setActivePinia(createPinia());
    const reloaded = useSettingsStore();
    expect(reloaded.roads).toBe(false);
    reloaded.endSession();
    expect(reloaded.roads).toBe(true);
    expect(reloaded.chosenRoads).toBeNull();
    setActivePinia(createPinia());
    expect(useSettingsStore().roads).toBe(true);
  });
});

describe("the player's squeeze: on where the venue offers it, the player's switch for their session", () => {
  it('is off wherever the venue does not offer it, whatever the player chose', () => {
    const s = useSettingsStore();
    expect(s.squeeze).toBe(false);
    s.squeeze = true;
    expect(s.squeeze).toBe(false);
  });
  it('is on for a player once the venue offers it, and the player may switch it off until the session ends', () => {
    const s = useSettingsStore();
    s.setVenueSqueeze({ offered: true, timeLimitS: 20 });
    expect(s.squeeze).toBe(true);
    s.squeeze = false;
    expect(s.squeeze).toBe(false);
    s.endSession();
    expect(s.squeeze).toBe(true);
  });
  it('a venue that stops offering it turns it off for the player who had it on', () => {
    const s = useSettingsStore();
    s.setVenueSqueeze({ offered: true, timeLimitS: 20 });
    s.squeeze = true;
    s.setVenueSqueeze({ offered: false, timeLimitS: 20 });
    expect(s.squeeze).toBe(false);
  });
});
