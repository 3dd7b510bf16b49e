/**
 * The chaos child: a real process running the cabinet core on a real journal file,
 * playing randomly from a seed until it is killed. Started by electron/cli/chaos.ts.
 *
 * Environment:
 *   CHAOS_JOURNAL            journal file path (required)
 *   CHAOS_SEED               integer seed of this run's decisions (required)
 *   CHAOS_RUN                run index (bill event keys of the previous run are re-sent, so a
 *                            repeated CREDIT_NOTE must be credited once)
 *   CHAOS_KILL_AT_STATEMENT  SIGKILL self right after that many journal statements (optional;
 *                            a StatementKiller observes the journal, see statement-killer.ts)
 *   CHAOS_MODE               "play" (default) or "recover" (open, recover, close, exit 0)
 */
import { CabinetError } from '../../core/cabinet/cabinet-error.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import { SPOTS } from '../../core/engine/settlement.ts';
import { CHAOS_CONFIG } from './chaos-config.ts';
import { StatementKiller } from './statement-killer.ts';
import { deterministicRandom, seededUniform } from '../fixtures.ts';

function required(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') {
    process.stderr.write(`chaos-child: ${name} is required\n`);
    process.exit(2);
  }
  return v;
}

const journalPath = required('CHAOS_JOURNAL');
const seed = Number(required('CHAOS_SEED'));
const run = Number(process.env.CHAOS_RUN ?? '0');
const killAtText = process.env.CHAOS_KILL_AT_STATEMENT;
const killAt = killAtText ? Number(killAtText) : undefined;
const mode = process.env.CHAOS_MODE ?? 'play';
const maxSteps = Number(process.env.CHAOS_MAX_STEPS ?? '100000');

const rand = seededUniform(seed);
const random = deterministicRandom(seed ^ 0x5eed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

let starting = true;
const cabinet: CabinetCore = openCabinet({
  journalPath,
  config: CHAOS_CONFIG,
  random,
  statementObserver:
    killAt !== undefined
      ? new StatementKiller({
          killAtStatement: killAt,
          // Tell the parent where the kill lands (stderr to a pipe is synchronous on Linux).
          onBeforeKill: (where) => {
            const sql = where.sql.replace(/\s+/g, ' ').slice(0, 40);
            process.stderr.write(
              `CHAOS-KILL ${JSON.stringify({ statement: where.statement, inTransaction: where.inTransaction, starting, sql })}\n`,
            );
          },
        })
      : undefined,
});
starting = false;

if (mode === 'recover') {
  cabinet.close();
  process.exit(0);
}

const chips = CHAOS_CONFIG.limits.chipDenominationsMinor;
const notes = CHAOS_CONFIG.billChannels.filter((c) => c.enabled);
let noteCounter = 0;

function insertNote(): void {
  const note = pick(notes);
  if (!cabinet.canAcceptBill(note.valueMinor).accept) return;
  cabinet.creditBill({ valueMinor: note.valueMinor, channel: note.channel, eventKey: `note-${run}-${noteCounter++}` });
}

function clearTilts(): void {
  for (const t of cabinet.snapshot().tilts) {
    switch (t.kind) {
      case 'door-open':
        cabinet.setDoorOpen(false);
        break;
      case 'handpay-pending':
        cabinet.clearHandpay('attendant');
        break;
      case 'rng-fault':
        cabinet.reportDevice({ device: 'rng', health: 'healthy', detail: 'chaos: healthy again' });
        break;
      case 'device-fault':
        cabinet.reportDevice({ device: 'bill-acceptor', health: 'healthy', detail: 'chaos: jam cleared' });
        break;
      case 'memory-error':
        cabinet.ramClear();
        break;
    }
  }
}

// A power cycle makes the acceptor repeat its last unacknowledged CREDIT_NOTE events:
// re-send the previous run's first notes; each must be credited at most once.
for (let k = 0; k < 3; k++) {
  const note = notes[k % notes.length]!;
  cabinet.creditBill({ valueMinor: note.valueMinor, channel: note.channel, eventKey: `note-${run - 1}-${k}` });
}

for (let step = 0; step < maxSteps; step++) {
  try {
    if (cabinet.snapshot().tilts.length > 0) {
      clearTilts();
      continue;
    }
    const r = rand();
    const snap = cabinet.snapshot();
    if (snap.creditsMinor < 500 || r < 0.12) {
      insertNote();
    } else if (r < 0.55) {
      const spots = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < spots; i++) {
        const spot = pick(SPOTS);
        const times = 1 + Math.floor(rand() * 3);
        for (let j = 0; j < times; j++) {
          try {
            cabinet.placeChip(spot, pick(chips));
          } catch (error) {
            if (!(error instanceof CabinetError)) throw error;
          }
        }
      }
      if (rand() < 0.15) {
        try {
          if (rand() < 0.5) cabinet.undoChip();
          else cabinet.removeChip(pick(SPOTS), pick(chips));
        } catch (error) {
          if (!(error instanceof CabinetError)) throw error;
        }
      }
      try {
        cabinet.deal();
      } catch (error) {
        if (!(error instanceof CabinetError)) throw error;
        cabinet.clearBets();
      }
    } else if (r < 0.75) {
      try {
        cabinet.rebet(rand() < 0.7 ? 1 : 2);
      } catch (error) {
        if (!(error instanceof CabinetError)) throw error;
      }
    } else if (r < 0.8) {
      // The RNG health test fails during the next deal: the round is voided and refunded.
      random.failNext = true;
      try {
        cabinet.rebet(1);
      } catch (error) {
        random.failNext = false;
        if (!(error instanceof CabinetError)) throw error;
      }
    } else if (r < 0.84) {
      try {
        cabinet.cashOut();
      } catch (error) {
        if (!(error instanceof CabinetError)) throw error;
      }
    } else if (r < 0.88) {
      cabinet.setDoorOpen(true);
    } else if (r < 0.92) {
      cabinet.reportDevice({ device: 'bill-acceptor', health: 'fault', detail: 'chaos: note jam' });
    } else if (r < 0.95) {
      cabinet.raiseFault('rng-fault', 'rng', 'chaos: entropy source stalled');
    } else {
      cabinet.clearBets();
    }
  } catch (error) {
    process.stderr.write(
      `chaos-child: unexpected ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(3);
  }
}
cabinet.close();
process.exit(0);
