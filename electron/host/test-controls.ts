/**
 * The browser host's e2e controls (TEST_CHANNEL_TABLE, `--test-controls` only): unplug and
 * replug the emulated RNG and bill acceptor, insert a note, turn the operator key, open the
 * door, set a staff PIN, force the next round's cards, and reset the host to a fresh journal. They go through the same router as every other channel (validated,
 * typed errors), and exist only here, never in the Electron shell.
 */
import type { RunningCabinet } from '../app/running-cabinet.ts';
import { cardLabel } from '../core/cards/card.ts';
import { channelGroup, refusal, type ChannelGroup } from '../ipc/channel-group.ts';
import { parseForcedCards } from '../testing/forced-card-source.ts';
import { TEST_CHANNEL_TABLE } from './test-channels.ts';
import type { TestHooks } from './test-hooks.ts';

export type TestControlHooks = Pick<TestHooks, 'armRngUnplugDuringNextDeal' | 'forceCards' | 'advanceClock'>;

/** How fast the emulated bill acceptor moves a note: a real unit's pace, or about five times as fast. */
export type NotePace = 'device' | 'quick';

/** What a reset may change besides the journal. */
export interface ResetChoices {
  readonly configFile?: string;
  readonly notePace?: NotePace;
}

/** Restarts the host's cabinet on a new journal (browser-host.ts). */
export type ResetHost = (journalPath: string, choices: ResetChoices) => Promise<{ journal: string; recovery: string }>;

export function testControlChannels(
  running: RunningCabinet,
  hooks: TestControlHooks | undefined,
  reset: ResetHost,
): ChannelGroup {
  const missing = (what: string): Error => refusal('not-permitted', `no embedded ${what} emulator is running`);
  const needHooks = (what: string): TestControlHooks => {
    if (!hooks) throw refusal('not-permitted', `the ${what} test hook is not installed`);
    return hooks;
  };
  return channelGroup(TEST_CHANNEL_TABLE, {
    'test:rng-unplug': async (request) => {
      const rng = running.controls.rng;
      if (!rng) throw missing('RNG');
      if (request.duringNextDeal) {
        needHooks('RNG').armRngUnplugDuringNextDeal(() => rng.unplug());
        return { armed: true };
      }
      await rng.unplug();
      return {};
    },
    'test:rng-replug': async () => {
      const rng = running.controls.rng;
      if (!rng) throw missing('RNG');
      await rng.replug();
      return {};
    },
    'test:bill-unplug': async () => {
      const bill = running.controls.billAcceptor;
      if (!bill) throw missing('bill acceptor');
      await bill.unplug();
      return {};
    },
    'test:bill-replug': async () => {
      const bill = running.controls.billAcceptor;
      if (!bill) throw missing('bill acceptor');
      await bill.replug();
      return {};
    },
    'test:insert-note': (request) => {
      const bill = running.controls.billAcceptor;
      if (!bill) throw missing('bill acceptor');
      return bill.insertNote(request.channel);
    },
    'test:operator-key': (request) => {
      running.inputs.setOperatorKey(request.on);
      return { on: running.staff.keyOn() };
    },
    'test:door': (request) => {
      running.inputs.setDoor(request.open);
      return { open: running.staff.doorOpen() };
    },
    'test:set-pin': async (request) => {
      await running.staff.setPin(request.role, request.pin);
      return { role: request.role, pinSet: true as const };
    },
    'test:reset': async (request) => {
      try {
        return await reset(request.journal, {
          ...(request.config === undefined ? {} : { configFile: request.config }),
          ...(request.notes === undefined ? {} : { notePace: request.notes }),
        });
      } catch (error) {
        throw refusal('not-permitted', `reset failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    'test:advance-clock': (request) => {
      const offsetMs = needHooks('clock').advanceClock(request.ms, request.hold);
      running.cabinet.reviewSession();
      return { offsetMs };
    },
    'test:force-cards': (request) => {
      const cards = parseForcedCards(request.cards);
      const decks = running.cabinet.snapshot().profile.decks;
      try {
        needHooks('forced-card').forceCards(cards, decks);
      } catch (error) {
        if (error instanceof Error && error.name === 'ForcedCardsError') throw refusal('not-permitted', error.message);
        throw error;
      }
      return { armed: cards.map(cardLabel) };
    },
  });
}
