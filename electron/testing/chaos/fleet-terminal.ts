/**
 * One terminal of the stadium fleet chaos (docs/stadium.md#fleet-chaos): a real process running a real cabinet core on
 * its own journal with a `stadium` section, and the real TerminalLink (electron/app/setup-stadium.ts) to the table.
 * No renderer, no devices. It credits itself once (the note's event key makes a restart's re-send a no-op), and in
 * every window it sees open it lays a seeded random layout, lays none, or skips the round. A stadium-fault tilt (a
 * forged result) is cleared as a technician would. It may be SIGKILLed at any moment and started again on the same
 * journal. Started by stadium-chaos.ts.
 *
 * Environment: FLEET_JOURNAL, FLEET_SEED, FLEET_URL (the cluster's URLs), FLEET_TABLE, FLEET_KEY (the table's public
 * key), FLEET_RESULT_TIMEOUT_MS. Stderr: `FLEET-STARTED <terminal id>` once the core is open and the link started.
 */
import { appendFileSync } from 'node:fs';
import { CabinetError } from '../../core/cabinet/cabinet-error.ts';
import { STADIUM_SOURCE } from '../../core/cabinet/stadium-fault.ts';
import { SPOTS } from '../../core/engine/settlement.ts';
import { setupStadium, stadiumTerminal } from '../../app/setup-stadium.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { deterministicRandom, seededUniform } from '../fixtures.ts';
import { requiredEnv } from './child-env.ts';
import { CHAOS_CONFIG } from './chaos-config.ts';

/** How often the terminal looks for a newly opened window: a player's reaction is far slower. */
const PLAY_EVERY_MS = 15;

const required = (name: string): string => requiredEnv('fleet-terminal', name);

const journalPath = required('FLEET_JOURNAL');
const seed = Number(required('FLEET_SEED'));
const rand = seededUniform(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const cabinet = openCabinet({
  journalPath,
  config: {
    ...CHAOS_CONFIG,
    stadium: {
      url: required('FLEET_URL'),
      table: required('FLEET_TABLE'),
      tablePublicKey: required('FLEET_KEY'),
      resultTimeoutMs: Number(process.env.FLEET_RESULT_TIMEOUT_MS ?? '2000'),
      closeMarginMs: 50,
    },
  },
  random: deterministicRandom(seed ^ 0x5eed),
});

const notes = CHAOS_CONFIG.billChannels.filter((c) => c.enabled);
const note = notes.reduce((a, b) => (b.valueMinor > a.valueMinor ? b : a));
/** The one credit of this terminal's life: every start sends it again, and the journal takes it once. */
const credit = () =>
  cabinet.creditBill({ valueMinor: note.valueMinor, channel: note.channel, eventKey: 'fleet-credit' });
credit();

const joined = stadiumTerminal(cabinet);
if (joined === null) throw new Error('fleet-terminal: the config has no stadium section');
// The link's own lines, kept beside the journal for a run kept with --keep.
const log = (line: string) => appendFileSync(`${journalPath}.log`, `${new Date().toISOString()} ${line}\n`);
const link = setupStadium(cabinet, joined, { env: {}, log });
process.stderr.write(`FLEET-STARTED ${joined.terminal}\n`);

let playedRound: number | null = null;
/** Chips at or above every spot's minimum: a layout the player meant to play mostly locks. */
const chips = CHAOS_CONFIG.limits.chipDenominationsMinor.filter((c) => c >= 100);

function play(): void {
  const snap = cabinet.snapshot();
  if (snap.tilts.some((t) => t.kind === 'stadium-fault')) {
    cabinet.clearTilt('stadium-fault', STADIUM_SOURCE, { by: 'technician', doorOpen: false });
  }
  // A player who has lost it all feeds another note (a new note each time: its key is new).
  if (snap.creditsMinor < 1_000 && snap.tilts.length === 0) {
    cabinet.creditBill({ valueMinor: note.valueMinor, channel: note.channel, eventKey: `fleet-${Date.now()}` });
  }
  const view = snap.stadium;
  if (view === null || view.window !== 'open' || view.round === playedRound) return;
  playedRound = view.round;
  const r = rand();
  if (r < 0.15) {
    cabinet.skipRound(true);
  } else if (r < 0.3) {
    // No bets this round.
  } else if (r < 0.4) {
    cabinet.rebet(1);
  } else {
    const spots = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < spots; i++) cabinet.placeChip(pick(SPOTS), pick(chips));
    if (rand() < 0.1) cabinet.undoChip();
  }
}

const timer = setInterval(() => {
  try {
    play();
  } catch (error) {
    // A limit, a closed window or a tilt refuses a bet with a typed error: the player simply tries next round.
    if (!(error instanceof CabinetError)) throw error;
  }
}, PLAY_EVERY_MS);

process.on('SIGTERM', () => {
  clearInterval(timer);
  void link.dispose().then(() => {
    cabinet.close();
    process.exit(0);
  });
});
