import { useSettingsStore } from '../stores/useSettingsStore.ts';

let ctx: AudioContext | null = null;

function tone(freq: number, ms: number, type: OscillatorType = 'sine', gain = 0.05, delayMs = 0): void {
  try {
    ctx ??= new AudioContext();
    const t0 = ctx.currentTime + delayMs / 1000;
    const osc = ctx.createOscillator();
    const g = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    g.gain.setValueAtTime(gain, t0);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
    osc.connect(g).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + ms / 1000 + 0.02);
  } catch {
    /* no audio device: stay silent */
  }
}

/** Small synthesized effects (no audio files to ship). Silent when sound is off in the settings menu. */
export function useSound() {
  const settings = useSettingsStore();
  const on = (): boolean => settings.sound;
  return {
    chip: () => on() && tone(1800, 60, 'triangle', 0.04),
    card: () => on() && tone(420, 90, 'sine', 0.035),
    win: () => {
      if (!on()) return;
      tone(660, 180, 'sine', 0.05);
      tone(880, 220, 'sine', 0.05, 140);
      tone(1320, 320, 'sine', 0.04, 300);
    },
    error: () => on() && tone(220, 160, 'square', 0.02),
  };
}
