/**
 * The rules of the table's sound, as plain functions (docs/sound.md#settings): what the switches and the
 * volume mean for each bus of the audio graph, and when the cabinet's state silences a bus. Nothing here
 * touches Web Audio, so the rules are tested without a sound card.
 */
import type { TableSound } from '../../../electron/core/cabinet/cabinet-api.ts';

/** The player's sound settings: the same four values as the venue's defaults. */
export type SoundSettings = TableSound;

/** What the cabinet is doing, as far as sound cares. */
export interface SoundGates {
  /** A tilt is active (door open, handpay pending, a fault): only the warning may sound. */
  readonly tilted: boolean;
  /** The attract loop is running: nobody is playing, so no music plays to an empty room. */
  readonly attract: boolean;
}

/** The gain of each bus, 0 to 1: master × volume × the bus's own switch, and the gates. */
export interface BusGains {
  /** Table effects: chips, cards, round results, the note accepted. */
  readonly effects: number;
  /** The background music loop. */
  readonly music: number;
  /** The warning: the one sound a tilt does not silence. */
  readonly alert: number;
}

/** The venue schema's defaults (electron/core/config/venue-config.ts), until main's first snapshot arrives. */
export const SCHEMA_SOUND_DEFAULTS: SoundSettings = {
  soundOn: true,
  effectsOn: true,
  musicOn: false,
  volumePercent: 60,
};

/** One press of the volume buttons beside the slider. */
export const VOLUME_STEP_PERCENT = 10;

/** A volume from anything a slider or a stored session gives: a whole percent from 0 to 100. */
export function clampVolume(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/**
 * The gains the graph applies. The volume is a percent of the slider's travel; it is squared so that equal
 * steps of the slider sound like equal steps of loudness (the ear hears level roughly logarithmically).
 */
export function busGains(settings: SoundSettings, gates: SoundGates): BusGains {
  const master = settings.soundOn ? (clampVolume(settings.volumePercent) / 100) ** 2 : 0;
  const effects = settings.effectsOn ? master : 0;
  return {
    effects: gates.tilted ? 0 : effects,
    music: settings.musicOn && !gates.tilted && !gates.attract ? master : 0,
    alert: effects,
  };
}

/** Which bus an effect plays on. */
export type Bus = 'effects' | 'alert';

/** Whether an effect on `bus` may start at all now (a silent bus builds no nodes). */
export function mayPlay(bus: Bus, gains: BusGains): boolean {
  return gains[bus] > 0;
}

/** A stored session's settings, or null when there is none or it is not one (then the venue's defaults hold). */
export function parseSoundSettings(raw: string | null): SoundSettings | null {
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const flags = [v.soundOn, v.effectsOn, v.musicOn];
    if (!flags.every((f) => typeof f === 'boolean') || typeof v.volumePercent !== 'number') return null;
    return {
      soundOn: v.soundOn as boolean,
      effectsOn: v.effectsOn as boolean,
      musicOn: v.musicOn as boolean,
      volumePercent: clampVolume(v.volumePercent),
    };
  } catch {
    return null;
  }
}
