import { describe, expect, it } from 'vitest';
import { configRefusal as refusal } from '../../testing/config-refusal.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig } from './venue-config.ts';

/** The venue's sound defaults (docs/venue-config.md#fields, docs/sound.md#venue-defaults). */
const base = DEFAULT_VENUE_CONFIG;

describe("the venue's sound defaults: all sound, effects, music and the volume", () => {
  it('a file without a sound block gets sound and effects on, music off, volume 60', () => {
    const { sound: _sound, ...old } = base;
    void _sound;
    expect(parseVenueConfig(old).sound).toEqual({ soundOn: true, effectsOn: true, musicOn: false, volumePercent: 60 });
  });

  it('a partly given block keeps the rest of its defaults', () => {
    expect(parseVenueConfig({ ...base, sound: { musicOn: true, volumePercent: 0 } }).sound).toEqual({
      soundOn: true,
      effectsOn: true,
      musicOn: true,
      volumePercent: 0,
    });
    expect(parseVenueConfig({ ...base, sound: { volumePercent: 100 } }).sound.volumePercent).toBe(100);
  });

  it.each([
    [{ volumePercent: 101 }, 'sound.volumePercent: volumePercent must be at most 100', 'max', 100],
    [{ volumePercent: -1 }, 'sound.volumePercent: volumePercent must be at least 0', 'min', 0],
    [
      { volumePercent: 12.5 },
      'sound.volumePercent: volumePercent must be a whole number from 0 to 100',
      'integer',
      undefined,
    ],
  ])('a volume outside 0–100 or with a fraction is refused, naming the field: %j', (sound, message, rule, limit) => {
    const error = refusal({ ...base, sound });
    expect(error.problems).toEqual([message]);
    expect(error.fields[0]).toMatchObject({
      path: 'sound.volumePercent',
      rule,
      ...(limit === undefined ? {} : { limit }),
    });
  });

  it('a switch that is not true or false, or a field the block does not have, is refused by name', () => {
    expect(refusal({ ...base, sound: { musicOn: 'yes' } }).problems).toEqual([
      'sound.musicOn: musicOn must be true or false',
    ]);
    expect(refusal({ ...base, sound: { loudness: 3 } }).fields[0]).toMatchObject({ rule: 'unknown-field' });
  });
});
