import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busGains } from '../audio/sound-settings.ts';
import { useSettingsStore } from './useSettingsStore.ts';

/** The page's session storage: what a reload of the same session finds again. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const VENUE = { soundOn: true, effectsOn: true, musicOn: true, volumePercent: 40 };

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
  setActivePinia(createPinia());
});
afterEach(() => vi.unstubAllGlobals());

/** A reload: a new page (new stores) in the same session (the same session storage). */
function reload(): ReturnType<typeof useSettingsStore> {
  setActivePinia(createPinia());
  return useSettingsStore();
}

describe("the sound starts from the venue's defaults (docs/sound.md#settings)", () => {
  it("before main's first snapshot, the schema's defaults: sound and effects on, music off, 60 %", () => {
    expect(useSettingsStore().soundSettings).toEqual({
      soundOn: true,
      effectsOn: true,
      musicOn: false,
      volumePercent: 60,
    });
  });

  it("a player who has changed nothing hears the venue's settings, and follows a change of them", () => {
    const s = useSettingsStore();
    s.setVenueSound(VENUE);
    expect([s.sound, s.effects, s.music, s.volumePercent]).toEqual([true, true, true, 40]);
    s.setVenueSound({ ...VENUE, musicOn: false, volumePercent: 75 });
    expect([s.music, s.volumePercent]).toEqual([false, 75]);
  });
});

describe("the player's changes hold for their session and end with it", () => {
  it('each setting the player changes holds against the venue, and survives a reload of the page', () => {
    const s = useSettingsStore();
    s.setVenueSound(VENUE);
    s.sound = false;
    s.effects = false;
    s.music = false;
    s.volumePercent = 90;
    s.setVenueSound({ ...VENUE, volumePercent: 10 });
    const expected = { soundOn: false, effectsOn: false, musicOn: false, volumePercent: 90 };
    expect(s.soundSettings).toEqual(expected);
    const again = reload();
    again.setVenueSound(VENUE);
    expect(again.soundSettings).toEqual(expected);
  });

  it("the session's end (attract mode, a cash-out paid) brings back the venue's settings, also after a reload", () => {
    const s = useSettingsStore();
    s.setVenueSound(VENUE);
    s.music = false;
    s.volumePercent = 5;
    s.endSession();
    expect(s.soundSettings).toEqual(VENUE);
    expect(s.chosenSound).toBeNull();
    const again = reload();
    again.setVenueSound(VENUE);
    expect(again.soundSettings).toEqual(VENUE);
  });

  it('the volume a slider sends is kept as a whole percent from 0 to 100', () => {
    const s = useSettingsStore();
    s.volumePercent = 130;
    expect(s.volumePercent).toBe(100);
    s.volumePercent = -3;
    expect(s.volumePercent).toBe(0);
    s.volumePercent = 47.4;
    expect(s.volumePercent).toBe(47);
  });

  it('the gains follow the settings in force: the mute (all sound off) silences everything', () => {
    const s = useSettingsStore();
    s.setVenueSound({ ...VENUE, volumePercent: 100 });
    expect(busGains(s.soundSettings, { tilted: false, attract: false })).toEqual({ effects: 1, music: 1, alert: 1 });
    s.sound = false;
    expect(busGains(s.soundSettings, { tilted: false, attract: false })).toEqual({ effects: 0, music: 0, alert: 0 });
  });
});
