import { describe, expect, it } from 'vitest';
import { EFFECT_NAMES, EFFECTS } from './effects.ts';
import { loopFrames } from './lounge-loop.ts';
import { createSoundOutput } from './sound-output.ts';
import { busGains, type SoundSettings } from './sound-settings.ts';
import { reaches, recordingAudio, type RecordedNode, type RecordingContext } from './testing/recording-audio.ts';

const ON: SoundSettings = { soundOn: true, effectsOn: true, musicOn: false, volumePercent: 80 };
const OPEN = { tilted: false, attract: false };
const TILTED = { tilted: true, attract: false };

/** The three bus GainNodes: the gains connected straight to the master gain, in the graph's order. */
function buses(ctx: RecordingContext): { effects: RecordedNode; music: RecordedNode; alert: RecordedNode } {
  const gains = ctx.nodes.filter((n) => n.kind === 'gain');
  const master = gains.find((g) => g.outputs.some((o) => 'kind' in o && o.kind === 'compressor'))!;
  const [effects, music, alert] = gains.filter((g) => g.outputs.includes(master));
  return { effects: effects!, music: music!, alert: alert! };
}

/** Waits until the output's state passes `done` (the music render is asynchronous). */
function until(output: ReturnType<typeof createSoundOutput>, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const off = output.onChange(() => {
      if (done()) {
        off();
        resolve();
      }
    });
  });
}

describe('the sound output plays each effect on its bus, through the injected audio', () => {
  it('builds no audio context until something would sound', () => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains({ ...ON, soundOn: false }, OPEN));
    expect(output.play('chipPlaced')).toBe(false);
    expect(audio.contexts).toHaveLength(0);
  });

  it.each(EFFECT_NAMES)('%s starts sources that all reach its bus, and all stop by themselves', (name) => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains(ON, OPEN));
    expect(output.play(name)).toBe(true);
    const ctx = audio.contexts[0]!;
    const sources = ctx.started();
    expect(sources.length).toBeGreaterThan(0);
    const bus = buses(ctx)[EFFECTS[name].bus];
    for (const s of sources) {
      expect(reaches(s, bus)).toBe(true);
      expect(s.stops).toHaveLength(1);
      expect(s.stops[0]!).toBeGreaterThan(s.starts[0]!.at);
    }
    expect(output.state).toMatchObject({ lastEffect: name, played: 1 });
  });

  it('the bus gains are the settings applied, glided to', () => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains(ON, OPEN));
    output.play('chipPlaced');
    const b = buses(audio.contexts[0]!);
    expect(b.effects.params.gain!.value).toBeCloseTo(0.64, 12);
    expect(b.alert.params.gain!.value).toBeCloseTo(0.64, 12);
    expect(b.music.params.gain!.value).toBe(0);
    output.setGains(busGains({ ...ON, volumePercent: 20 }, OPEN));
    expect(b.effects.params.gain!.events.at(-1)).toMatchObject({ kind: 'target', value: expect.closeTo(0.04, 12) });
  });

  it('a card turned is scheduled after the card dealt, by the delay asked for', () => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains(ON, OPEN));
    output.play('cardTurned', 0.4);
    const firstStart = Math.min(...audio.contexts[0]!.started().map((s) => s.starts[0]!.at));
    expect(firstStart).toBeCloseTo(0.4, 9);
  });
});

describe('under a tilt only the warning sounds', () => {
  it('every effect but the warning builds nothing; the warning plays on the alert bus', () => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains(ON, OPEN));
    output.play('chipPlaced'); // the graph exists
    const ctx = audio.contexts[0]!;
    output.setGains(busGains(ON, TILTED));
    const before = ctx.nodes.length;
    for (const name of EFFECT_NAMES.filter((n) => n !== 'warning')) expect(output.play(name)).toBe(false);
    expect(ctx.nodes.length).toBe(before);
    expect(output.play('warning')).toBe(true);
    const fresh = ctx.nodes.slice(before).filter((n) => n.starts.length > 0);
    expect(fresh.length).toBeGreaterThan(0);
    for (const s of fresh) expect(reaches(s, buses(ctx).alert)).toBe(true);
    expect(buses(ctx).effects.params.gain!.value).toBe(0);
    expect(output.state.lastEffect).toBe('warning');
  });

  it('with the effects switched off the warning is silent too: the player turned the table quiet', () => {
    const output = createSoundOutput(recordingAudio().factory);
    output.setGains(busGains({ ...ON, effectsOn: false }, TILTED));
    expect(output.play('warning')).toBe(false);
  });
});

describe('the music loop', () => {
  it('renders one period offline at the live rate and loops the whole buffer on exact sample boundaries', async () => {
    const audio = recordingAudio(44_100);
    const output = createSoundOutput(audio.factory);
    output.setGains(busGains({ ...ON, musicOn: true }, OPEN));
    await until(output, () => output.state.musicPlaying);
    const render = audio.renders[0]!;
    expect(render.sampleRate).toBe(44_100);
    expect(render.frames).toBeGreaterThan(loopFrames(44_100)); // the tail that is folded back
    const ctx = audio.contexts[0]!;
    const [source] = ctx.started('bufferSource');
    expect(source).toMatchObject({ loop: true, loopStart: 0 });
    expect(source!.buffer!.length).toBe(loopFrames(44_100));
    expect(source!.loopEnd! * 44_100).toBeCloseTo(loopFrames(44_100), 6);
    expect(reaches(source!, buses(ctx).music)).toBe(true);
  });

  it('pauses under a tilt and in attract mode, and carries on where it was', async () => {
    const audio = recordingAudio();
    const output = createSoundOutput(audio.factory);
    const music = { ...ON, musicOn: true };
    output.setGains(busGains(music, OPEN));
    await until(output, () => output.state.musicPlaying);
    const ctx = audio.contexts[0]!;
    ctx.currentTime = 5;
    output.setGains(busGains(music, TILTED));
    expect(output.state.musicPlaying).toBe(false);
    expect(ctx.started('bufferSource')[0]!.stops).toEqual([5.1]);
    output.setGains(busGains(music, OPEN));
    output.setGains(busGains(music, { tilted: false, attract: true }));
    expect(output.state.musicPlaying).toBe(false);
    output.setGains(busGains(music, OPEN));
    const sources = ctx.started('bufferSource');
    expect(sources).toHaveLength(3);
    expect(sources[1]!.starts[0]!.offset).toBeCloseTo(5.1, 9);
    expect(audio.renders).toHaveLength(1); // rendered once, reused
  });
});

describe('without Web Audio the table is silent and works', () => {
  it('plays nothing and throws nothing', () => {
    const output = createSoundOutput(null);
    output.setGains(busGains({ ...ON, musicOn: true }, OPEN));
    expect(output.play('win')).toBe(false);
    output.resume();
    expect(output.state.musicPlaying).toBe(false);
  });
  it('a context that cannot be made (no sound device) leaves it silent from then on', () => {
    const output = createSoundOutput({
      createContext: () => {
        throw new Error('no audio device');
      },
      createOfflineContext: () => {
        throw new Error('no audio device');
      },
    });
    output.setGains(busGains(ON, OPEN));
    expect(output.play('chipPlaced')).toBe(false);
    expect(output.play('warning')).toBe(false);
  });
});

describe('the effects are made once, in idle time, and then each plays from one buffer', () => {
  /** An output whose idle tasks wait in a list until the test runs them. */
  function withIdle(audio = recordingAudio()) {
    const tasks: (() => void)[] = [];
    const output = createSoundOutput(audio.factory, (task) => tasks.push(task));
    return { audio, output, tasks };
  }

  it('nothing is made while every bus that plays effects is shut', () => {
    const { audio, output, tasks } = withIdle();
    output.setGains(busGains({ ...ON, soundOn: false }, OPEN));
    expect(tasks).toHaveLength(0);
    expect(audio.renders).toHaveLength(0);
  });

  it('the effects are made in idle time only, once, each at the live rate', async () => {
    const { audio, output, tasks } = withIdle(recordingAudio(44_100));
    output.setGains(busGains(ON, OPEN));
    output.setGains(busGains({ ...ON, volumePercent: 30 }, OPEN));
    expect(tasks).toHaveLength(1);
    expect(audio.renders).toHaveLength(0);
    tasks[0]!();
    await until(output, () => output.state.effectsMade);
    expect(audio.renders.map((r) => r.sampleRate)).toEqual(EFFECT_NAMES.map(() => 44_100));
    expect(audio.renders.every((r) => r.channels === 2)).toBe(true);
  });

  it.each(EFFECT_NAMES)(
    'once made, %s is one buffer source on its bus that stops at its end, nothing built',
    async (name) => {
      const { audio, output, tasks } = withIdle();
      output.setGains(busGains(ON, OPEN));
      tasks[0]!();
      await until(output, () => output.state.effectsMade);
      const ctx = audio.contexts[0]!;
      ctx.currentTime = 3;
      const before = ctx.nodes.length;
      expect(output.play(name, 0.25)).toBe(true);
      const fresh = ctx.nodes.slice(before);
      expect(fresh.map((n) => n.kind)).toEqual(['bufferSource']);
      const [source] = fresh;
      expect(reaches(source!, buses(ctx)[EFFECTS[name].bus])).toBe(true);
      expect(source!.starts).toEqual([{ at: 3.25 }]);
      expect(source!.stops).toEqual([3.25 + source!.buffer!.duration]);
    },
  );

  it('under a tilt a made effect still builds nothing, and the warning still sounds', async () => {
    const { audio, output, tasks } = withIdle();
    output.setGains(busGains(ON, OPEN));
    tasks[0]!();
    await until(output, () => output.state.effectsMade);
    output.setGains(busGains(ON, TILTED));
    const ctx = audio.contexts[0]!;
    const before = ctx.nodes.length;
    expect(output.play('cardDealt')).toBe(false);
    expect(ctx.nodes.length).toBe(before);
    expect(output.play('warning')).toBe(true);
  });
});
