/**
 * The crash policy's handler (docs/cabinet-rules.md#damaged-journal, "Crash policy"): whatever the error and
 * whatever fails while it is handled, the crash is offered to the record step once and the process exits with
 * the documented code, which systemd restarts. Recorded on a real journal, the crash leaves its row and the
 * program-fault tilt together, or the marker that the next start turns into both, once.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Journal } from '../storage/journal.ts';
import { tempJournal, type TempJournal } from '../testing/journal-fixtures.ts';
import { EXIT_PROCESS_CRASH, KIOSK_EXIT_CODES } from './crash-policy.ts';
import { crashErrorName, installProcessCrashHandlers, type CrashReport } from './process-crash-handler.ts';
import { PROGRAM_SOURCE } from '../core/cabinet/program-fault.ts';
import { crashMarkerPath, recordCrash, takeLastCrash } from './process-crash-record.ts';

const AT = new Date('2026-12-07T03:00:00.000Z');

function harness(options: { record?: (report: CrashReport) => void; log?: (line: string) => void } = {}) {
  const target = new EventEmitter();
  const reports: CrashReport[] = [];
  const exits: number[] = [];
  const lines: string[] = [];
  const remove = installProcessCrashHandlers({
    target: target as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
    record: options.record ?? ((report) => reports.push(report)),
    log: options.log ?? ((line) => lines.push(line)),
    exit: (code) => exits.push(code),
    clock: () => AT,
  });
  return { target, reports, exits, lines, remove };
}

describe('process crash handler', () => {
  it('an uncaught exception is recorded with its kind and error name, then the process exits 75', () => {
    const h = harness();
    h.target.emit('uncaughtException', new TypeError('x is not a function'));
    expect(h.reports).toEqual([{ crash: 'uncaught-exception', error: 'TypeError', at: AT.toISOString() }]);
    expect(h.exits).toEqual([EXIT_PROCESS_CRASH]);
    expect(h.lines[0]).toMatch(/^uncaught-exception: TypeError: x is not a function.*; exiting 75$/);
  });

  it('an unhandled rejection is recorded as such; the message is logged, never recorded', () => {
    const h = harness();
    h.target.emit('unhandledRejection', new RangeError('secret words'), Promise.resolve());
    expect(h.reports).toEqual([{ crash: 'unhandled-rejection', error: 'RangeError', at: AT.toISOString() }]);
    expect(JSON.stringify(h.reports)).not.toContain('secret');
    expect(h.exits).toEqual([EXIT_PROCESS_CRASH]);
  });

  it('a journal that refuses the record does not stop the exit, and the refusal is logged', () => {
    const h = harness({
      record: () => {
        throw new Error('disk I/O error');
      },
    });
    h.target.emit('uncaughtException', new Error('first'));
    expect(h.exits).toEqual([EXIT_PROCESS_CRASH]);
    expect(h.lines[1]).toMatch(/^the crash could not be recorded: Error: disk I\/O error/);
  });

  it('a log that throws does not stop the record or the exit', () => {
    const reports: CrashReport[] = [];
    const h = harness({
      record: (report) => reports.push(report),
      log: () => {
        throw new Error('EPIPE');
      },
    });
    h.target.emit('uncaughtException', new Error('first'));
    expect(reports).toHaveLength(1);
    expect(h.exits).toEqual([EXIT_PROCESS_CRASH]);
  });

  it('a second error while the first is handled exits at once, without a second record', () => {
    let inner: EventEmitter | null = null;
    const reports: CrashReport[] = [];
    const h = harness({
      record: (report) => {
        reports.push(report);
        inner?.emit('unhandledRejection', new Error('while recording'));
      },
    });
    inner = h.target;
    h.target.emit('uncaughtException', new Error('first'));
    expect(reports).toHaveLength(1);
    expect(h.exits).toEqual([EXIT_PROCESS_CRASH, EXIT_PROCESS_CRASH]);
  });

  it('removing the handlers leaves the process as it was', () => {
    const h = harness();
    h.remove();
    expect(h.target.listenerCount('uncaughtException')).toBe(0);
    expect(h.target.listenerCount('unhandledRejection')).toBe(0);
  });

  it('the exit code is one systemd restarts', () => {
    expect(KIOSK_EXIT_CODES).toContainEqual({ code: EXIT_PROCESS_CRASH, restart: true });
  });

  it('whatever is thrown, the recorded name is a short identifier', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.string().map((name) => Object.assign(new Error('m'), { name })),
        ),
        (thrown) => {
          expect(crashErrorName(thrown)).toMatch(/^[A-Za-z_$][\w$.-]{0,63}$/);
        },
      ),
    );
  });
});

const journals: TempJournal[] = [];
afterEach(() => {
  for (const j of journals.splice(0)) j.cleanup();
});

function scratchJournal(): TempJournal {
  const j = tempJournal();
  journals.push(j);
  return j;
}

function crashRows(journal: Journal): unknown[] {
  return journal
    .events({ limit: 1000 })
    .filter((e) => e.message?.code === 'process-crash')
    .map((e) => e.message);
}

/** The handler recording into `journal` (null: no journal open yet) beside `path`, as the shells wire it. */
function crashInto(journal: Journal | null, path: string, thrown: unknown, event = 'uncaughtException'): number[] {
  const target = new EventEmitter();
  const exits: number[] = [];
  installProcessCrashHandlers({
    target: target as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
    record: (report) => recordCrash(journal, path, report),
    log: () => undefined,
    exit: (code) => exits.push(code),
    clock: () => AT,
  });
  target.emit(event, thrown);
  return exits;
}

describe('a crash raises the program-fault tilt (docs/cabinet-rules.md#door-and-tilt)', () => {
  it('a journal that takes writes gets the process-crash row and the tilt together, and no marker', () => {
    const { journal, path } = scratchJournal();
    expect(crashInto(journal, path, new TypeError('boom'))).toEqual([EXIT_PROCESS_CRASH]);
    expect(crashRows(journal)).toEqual([
      {
        code: 'process-crash',
        crash: 'uncaught-exception',
        error: 'TypeError',
        recordedAtStart: false,
        crashedAt: AT.toISOString(),
      },
    ]);
    expect(journal.tilts()).toEqual([
      expect.objectContaining({
        kind: 'program-fault',
        source: PROGRAM_SOURCE,
        reasonCode: { code: 'program-crash', crash: 'uncaught-exception', error: 'TypeError' },
        clearedBy: 'technician-clear',
      }),
    ]);
    expect(existsSync(crashMarkerPath(path))).toBe(false);
  });

  it('a crash loop keeps one tilt, the first, and adds only its rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('uncaughtException', 'unhandledRejection'), { minLength: 1, maxLength: 6 }),
        (events) => {
          const { journal, path } = scratchJournal();
          for (const event of events) crashInto(journal, path, new RangeError('again'), event);
          expect(crashRows(journal)).toHaveLength(events.length);
          const tilts = journal.tilts();
          expect(tilts.map((t) => `${t.kind}:${t.source}`)).toEqual([`program-fault:${PROGRAM_SOURCE}`]);
          const first = events[0] === 'uncaughtException' ? 'uncaught-exception' : 'unhandled-rejection';
          expect(tilts[0]!.reasonCode).toEqual({ code: 'program-crash', crash: first, error: 'RangeError' });
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a journal that refuses writes leaves the marker; the next start raises the tilt from it exactly once', () => {
    const scratch = scratchJournal();
    const readOnly = scratch.reopen({ readOnly: true });
    expect(crashInto(readOnly, scratch.path, new TypeError('boom'))).toEqual([EXIT_PROCESS_CRASH]);
    expect(existsSync(crashMarkerPath(scratch.path))).toBe(true);
    expect(scratch.journal.tilts()).toEqual([]);
    expect(crashRows(scratch.journal)).toEqual([]);

    const next = scratch.journal;
    expect(takeLastCrash(next, scratch.path)).toMatchObject({ crash: 'uncaught-exception', error: 'TypeError' });
    expect(existsSync(crashMarkerPath(scratch.path))).toBe(false);
    expect(next.tilts().map((t) => t.kind)).toEqual(['program-fault']);
    expect(crashRows(next)).toEqual([
      {
        code: 'process-crash',
        crash: 'uncaught-exception',
        error: 'TypeError',
        recordedAtStart: true,
        // The crash's own time from the marker, not the later start that wrote the row.
        crashedAt: AT.toISOString(),
      },
    ]);

    // The start after that neither raises it again nor adds a row.
    next.transaction(() => next.removeTilt('program-fault', PROGRAM_SOURCE));
    expect(takeLastCrash(next, scratch.path)).toBeNull();
    expect(next.tilts()).toEqual([]);
    expect(crashRows(next)).toHaveLength(1);
  });

  it('a crash before any journal is open is kept in the marker, and the first start raises the tilt', () => {
    const scratch = scratchJournal();
    expect(crashInto(null, scratch.path, 'not an error', 'unhandledRejection')).toEqual([EXIT_PROCESS_CRASH]);
    expect(takeLastCrash(scratch.journal, scratch.path)).toMatchObject({
      crash: 'unhandled-rejection',
      error: 'string',
    });
    expect(scratch.journal.tilts().map((t) => t.reasonCode)).toEqual([
      { code: 'program-crash', crash: 'unhandled-rejection', error: 'string' },
    ]);
  });
});
