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
 *   CHAOS_MODE               "play" (default), "recover" (open, recover, close, exit 0) or "probe"
 *                            (open through the app's damaged-journal path, send the start view to the
 *                            parent, check a tilted cabinet still answers, close, exit 0)
 *   CHAOS_FAULT              a storage fault to meet inside play, after start-up, JSON of child-fault.ts (optional)
 *
 * Stderr lines for the parent: CHAOS-STARTED once the journal is open and recovered, CHAOS-FAULT when
 * the storage fault strikes, CHAOS-FREEZE when the cabinet stops answering or answers
 * round-in-progress after a fault.
 */
import { CabinetError } from '../../core/cabinet/cabinet-error.ts';
import {
  openCabinet,
  startCabinetOn,
  startOnJournalOrLocked,
  ramClearAfterQuarantine,
} from '../../storage/open-cabinet.ts';
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import { SPOTS } from '../../core/engine/settlement.ts';
import { CHAOS_CONFIG } from './chaos-config.ts';
import { sigkillSelf, StatementKiller } from './statement-killer.ts';
import { armFault, ObserverChain, type ArmedFault, type ChildFault } from './child-fault.ts';
import { startView } from './start-view.ts';
import type { StatementObserver } from '../../storage/database.ts';
import { deterministicRandom, seededUniform } from '../fixtures.ts';
import { requiredEnv } from './child-env.ts';

const required = (name: string): string => requiredEnv('chaos-child', name);

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

const faultText = process.env.CHAOS_FAULT;
const fault: ArmedFault | null = faultText
  ? armFault(JSON.parse(faultText) as ChildFault, journalPath, () => process.stderr.write('CHAOS-FAULT\n'))
  : null;

function freeze(why: string): void {
  process.stderr.write(`CHAOS-FREEZE ${why}\n`);
}

/** After a fault or on a tilted start: the cabinet answers a snapshot and refuses a cash-out as tilted. */
function expectAnswers(core: CabinetCore, tilt: string): void {
  core.snapshot();
  try {
    core.cashOut();
    freeze(`a cash-out was paid under a ${tilt} tilt`);
  } catch (error) {
    if (!(error instanceof CabinetError)) throw error;
    if (error.code !== 'tilted') freeze(`a cash-out under a ${tilt} tilt answered ${error.code}`);
  }
}

if (mode === 'probe') {
  const started = startOnJournalOrLocked(journalPath, (journal, criticalCopyPath) =>
    startCabinetOn(journal, { config: CHAOS_CONFIG, random, criticalCopyPath }),
  );
  process.stderr.write('CHAOS-STARTED\n');
  let message: object;
  try {
    const view = startView(started.cabinet);
    const doubt = view.tilts.find((t) => t === 'memory-error' || t === 'storage-fault');
    if (doubt) expectAnswers(started.cabinet, doubt);
    message = { view, quarantined: started.quarantined !== null };
  } catch (error) {
    // It started, but a query a player or technician may make failed: the parent judges it.
    const tilts = started.cabinet.snapshot().tilts.map((t) => t.kind);
    message = { viewError: error instanceof Error ? error.message : String(error), tilts };
  }
  started.cabinet.close();
  process.send!(message, () => process.exit(0));
} else {
  await play();
}

async function play(): Promise<void> {
  let starting = true;
  const killer =
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
      : undefined;
  const observers: StatementObserver[] = [fault?.observer, killer].filter((o) => o !== undefined);
  const cabinet: CabinetCore = openCabinet({
    journalPath,
    config: CHAOS_CONFIG,
    random,
    statementObserver: observers.length > 0 ? new ObserverChain(observers) : undefined,
  });
  starting = false;
  process.stderr.write('CHAOS-STARTED\n');
  fault?.arm();

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
    cabinet.creditBill({
      valueMinor: note.valueMinor,
      channel: note.channel,
      eventKey: `note-${run}-${noteCounter++}`,
    });
  }

  function clearTilts(): void {
    // A storage fault first: until it is cleared, clearing any other tilt is itself a refused write.
    const tilts = [...cabinet.snapshot().tilts].sort(
      (a, b) => Number(b.kind === 'storage-fault') - Number(a.kind === 'storage-fault'),
    );
    for (const t of tilts) {
      switch (t.kind) {
        case 'door-open':
          cabinet.setDoorOpen(false);
          break;
        case 'handpay-pending':
          cabinet.clearHandpay('attendant');
          break;
        case 'rng-fault':
          cabinet.reportDevice({
            device: 'rng',
            health: 'healthy',
            detail: 'chaos: healthy again',
            detailCode: { code: 'rng-healthy', port: 'chaos', samples: 1024, bitsPerByte: 7.9 },
          });
          break;
        case 'device-fault':
          cabinet.reportDevice({
            device: 'bill-acceptor',
            health: 'healthy',
            detail: 'chaos: jam cleared',
            detailCode: { code: 'acceptor-ready', port: 'chaos', enabled: true },
          });
          break;
        case 'memory-error':
          ramClearAfterQuarantine(cabinet, journalPath);
          break;
        case 'storage-fault':
          // The cabinet must answer at once and refuse money out as tilted, never as round-in-progress.
          expectAnswers(cabinet, 'storage-fault');
          // Half the time the power goes with the disk still broken (the parent heals it before the
          // next start); otherwise the disk comes back, the round is voided and refunded, a technician clears.
          if (rand() < 0.5) {
            process.stderr.write('CHAOS-KILL {"inTransaction":false,"starting":false,"sql":"storage fault"}\n');
            sigkillSelf();
          }
          fault?.heal();
          if (!cabinet.retryStorage()) freeze('the journal works again but the storage fault did not recover');
          try {
            cabinet.clearTilt('storage-fault', 'journal', { by: 'technician', doorOpen: false });
          } catch (error) {
            if (!(error instanceof CabinetError)) throw error;
            freeze(`a technician cannot clear the storage fault: ${error.code}`);
          }
          break;
      }
    }
  }

  // A power cycle makes the acceptor repeat its last unacknowledged CREDIT_NOTE events:
  // re-send the previous run's first notes; each must be credited at most once.
  for (let k = 0; k < 3; k++) {
    const note = notes[k % notes.length]!;
    try {
      cabinet.creditBill({ valueMinor: note.valueMinor, channel: note.channel, eventKey: `note-${run - 1}-${k}` });
    } catch (error) {
      // A storage fault may strike here: the note is held and credited once the journal works.
      if (!(fault && error instanceof CabinetError)) throw error;
    }
  }

  let tiltedSteps = 0;
  let inProgressAnswers = 0;
  for (let step = 0; step < maxSteps; step++) {
    try {
      if (cabinet.snapshot().tilts.length > 0) {
        if (++tiltedSteps > 50) {
          freeze(
            `tilts ${cabinet
              .snapshot()
              .tilts.map((t) => t.kind)
              .join(', ')} never clear`,
          );
          process.exit(4);
        }
        clearTilts();
        continue;
      }
      tiltedSteps = 0;
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
        cabinet.reportDevice({
          device: 'bill-acceptor',
          health: 'fault',
          detail: 'chaos: note jam',
          detailCode: { code: 'acceptor-conditions', conditions: ['safe-jam'] },
        });
      } else if (r < 0.95) {
        cabinet.raiseFault('rng-fault', 'rng', {
          code: 'device-reported',
          device: 'rng',
          health: 'fault',
          deviceDetail: { code: 'rng-stalled', port: 'chaos', silentMs: 1000, limitMs: 1000 },
        });
      } else {
        cabinet.clearBets();
      }
    } catch (error) {
      // Under a storage fault any request may be refused (tilted, or round-in-progress while the round
      // waits for its void); refused forever is a freeze.
      if (fault && error instanceof CabinetError) {
        if (error.code === 'round-in-progress' && ++inProgressAnswers > 50) {
          freeze('requests answer round-in-progress forever');
          process.exit(4);
        }
        if (error.code !== 'round-in-progress') inProgressAnswers = 0;
        continue;
      }
      process.stderr.write(
        `chaos-child: unexpected ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(3);
    }
  }
  cabinet.close();
  process.exit(0);
}
