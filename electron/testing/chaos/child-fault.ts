/**
 * The storage fault a chaos child meets inside its play (docs/cabinet-rules.md#storage-faults), chosen
 * by the parent (electron/cli/chaos.ts) and passed as CHAOS_FAULT JSON:
 * - `full`: the journal's tmpfs or ext4 is filled before the nth write statement (a real ENOSPC);
 * - `immutable`: the journal files are marked `chattr +i` on the loop ext4 before the nth write;
 * - `sqlite`: the nth write statement throws node:sqlite's error for the code given (sticky, as a
 *   dead disk is, until healed).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StatementInfo, StatementObserver } from '../../storage/database.ts';
import { StatementFault, WriteTrigger, type SqliteFault } from '../statement-fault.ts';

export type ChildFault =
  | { readonly kind: 'full'; readonly atWrite: number }
  | { readonly kind: 'immutable'; readonly atWrite: number }
  | { readonly kind: 'sqlite'; readonly atWrite: number; readonly sqlite: SqliteFault };

/** The files SQLite writes through its handles (the -shm is mapped into memory and stays writable). */
export function journalFiles(journalPath: string): string[] {
  return [journalPath, `${journalPath}-wal`, `${journalPath}-journal`].filter((p) => existsSync(p));
}

export function fillerPath(journalPath: string): string {
  return join(dirname(journalPath), 'chaos-filler.bin');
}

/** Writes to the filler until the file system answers ENOSPC. */
export function fillDisk(journalPath: string): void {
  const fd = openSync(fillerPath(journalPath), 'a');
  try {
    for (const size of [1 << 16, 1 << 12, 1 << 9, 1]) {
      const chunk = Buffer.alloc(size, 0xa5);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Undoes every real fault: the filler removed, the journal files writable again. */
export function healDisk(journalPath: string): void {
  rmSync(fillerPath(journalPath), { force: true });
  const files = journalFiles(journalPath);
  if (files.length > 0) {
    try {
      execFileSync('chattr', ['-i', ...files], { stdio: 'pipe' });
    } catch {
      // Not ext4, or never marked: nothing to undo.
    }
  }
}

/** Tells several observers every statement, in order (a throw from one stops the statement). */
export class ObserverChain implements StatementObserver {
  private readonly observers: readonly StatementObserver[];
  constructor(observers: readonly StatementObserver[]) {
    this.observers = observers;
  }
  beforeStatement(info: StatementInfo): void {
    for (const o of this.observers) o.beforeStatement?.(info);
  }
  afterStatement(info: StatementInfo): void {
    for (const o of this.observers) o.afterStatement(info);
  }
}

export interface ArmedFault {
  readonly observer: StatementObserver;
  /** Starts counting write statements towards the fault (called once start-up is done). */
  readonly arm: () => void;
  /** True once the fault has struck. */
  readonly struck: () => boolean;
  /** The disk works again. */
  readonly heal: () => void;
}

export function armFault(fault: ChildFault, journalPath: string, onStrike: () => void): ArmedFault {
  let struck = false;
  if (fault.kind === 'sqlite') {
    const injector = new StatementFault({ fault: fault.sqlite, sticky: true });
    return {
      arm: () => injector.arm(fault.atWrite),
      observer: {
        beforeStatement(info) {
          try {
            injector.beforeStatement(info);
          } catch (error) {
            if (!struck) onStrike();
            struck = true;
            throw error;
          }
        },
        afterStatement() {},
      },
      struck: () => struck,
      heal: () => injector.heal(),
    };
  }
  const trigger = new WriteTrigger();
  const arm = () =>
    trigger.arm(fault.atWrite, () => {
      struck = true;
      onStrike();
      if (fault.kind === 'full') fillDisk(journalPath);
      else execFileSync('chattr', ['+i', ...journalFiles(journalPath)], { stdio: 'pipe' });
    });
  return { observer: trigger, arm, struck: () => struck, heal: () => healDisk(journalPath) };
}
