import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busGains, clampVolume, mayPlay, parseSoundSettings, type SoundSettings } from './sound-settings.ts';

const settingsArb: fc.Arbitrary<SoundSettings> = fc.record({
  soundOn: fc.boolean(),
  effectsOn: fc.boolean(),
  musicOn: fc.boolean(),
  volumePercent: fc.integer({ min: 0, max: 100 }),
});
const gatesArb = fc.record({ tilted: fc.boolean(), attract: fc.boolean() });
const OPEN = { tilted: false, attract: false };
const ALL_ON: SoundSettings = { soundOn: true, effectsOn: true, musicOn: true, volumePercent: 100 };

describe('each bus gain is master × volume × its own switch (docs/sound.md#settings)', () => {
  it('at full volume with everything on, every bus is at unity', () => {
    expect(busGains(ALL_ON, OPEN)).toEqual({ effects: 1, music: 1, alert: 1 });
  });

  it('the volume is squared (equal slider steps sound like equal steps): 50 % is a quarter of the gain', () => {
    expect(busGains({ ...ALL_ON, volumePercent: 50 }, OPEN)).toEqual({ effects: 0.25, music: 0.25, alert: 0.25 });
  });

  it('for any settings: the effects and the warning follow the effects switch, the music its own', () => {
    fc.assert(
      fc.property(settingsArb, (s) => {
        const master = s.soundOn ? (s.volumePercent / 100) ** 2 : 0;
        const g = busGains(s, OPEN);
        expect(g.effects).toBeCloseTo(s.effectsOn ? master : 0, 12);
        expect(g.alert).toBe(g.effects);
        expect(g.music).toBeCloseTo(s.musicOn ? master : 0, 12);
      }),
    );
  });

  it('all sound off silences every bus, whatever the other switches and the volume say', () => {
    fc.assert(
      fc.property(settingsArb, gatesArb, (s, gates) => {
        expect(busGains({ ...s, soundOn: false }, gates)).toEqual({ effects: 0, music: 0, alert: 0 });
      }),
    );
  });
});

describe('under a tilt only the warning sounds; in attract mode the music pauses', () => {
  it('a tilt shuts the effects and the music, and leaves the warning as the settings have it', () => {
    fc.assert(
      fc.property(settingsArb, fc.boolean(), (s, attract) => {
        const tilted = busGains(s, { tilted: true, attract });
        expect(tilted.effects).toBe(0);
        expect(tilted.music).toBe(0);
        expect(tilted.alert).toBe(busGains(s, OPEN).alert);
        expect(mayPlay('effects', tilted)).toBe(false);
      }),
    );
    expect(mayPlay('alert', busGains(ALL_ON, { tilted: true, attract: false }))).toBe(true);
  });

  it('attract mode shuts the music only: the effects stay as they are', () => {
    fc.assert(
      fc.property(settingsArb, (s) => {
        const g = busGains(s, { tilted: false, attract: true });
        expect(g.music).toBe(0);
        expect(g.effects).toBe(busGains(s, OPEN).effects);
      }),
    );
  });

  it('a bus at zero plays nothing, one above zero does', () => {
    expect(mayPlay('effects', { effects: 0, music: 1, alert: 1 })).toBe(false);
    expect(mayPlay('effects', { effects: 0.01, music: 0, alert: 0 })).toBe(true);
  });
});

describe('the volume is a whole percent from 0 to 100', () => {
  it('clamps and rounds what a slider or a stored session gives', () => {
    expect([clampVolume(-5), clampVolume(140), clampVolume(33.6), clampVolume('70'), clampVolume('x')]).toEqual([
      0, 100, 34, 70, 0,
    ]);
  });

  it("reads a stored session's settings back, and refuses anything that is not one", () => {
    const s = { soundOn: false, effectsOn: true, musicOn: true, volumePercent: 35 };
    expect(parseSoundSettings(JSON.stringify(s))).toEqual(s);
    expect(parseSoundSettings(JSON.stringify({ ...s, volumePercent: 300 }))?.volumePercent).toBe(100);
    expect(parseSoundSettings(null)).toBeNull();
    expect(parseSoundSettings('{not json')).toBeNull();
    expect(parseSoundSettings(JSON.stringify({ ...s, musicOn: 'yes' }))).toBeNull();
    expect(parseSoundSettings(JSON.stringify({ soundOn: true }))).toBeNull();
  });
});
