/**
 * The crash policy's handler (docs/cabinet-rules.md#damaged-journal, "Crash policy"): whatever the error and
 * whatever fails while it is handled, the crash is offered to the record step once and the process exits with
 * the documented code, which systemd restarts.
 */
import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT_PROCESS_CRASH, KIOSK_EXIT_CODES } from './crash-policy.ts';
import { crashErrorName, installProcessCrashHandlers, type CrashReport } from './process-crash-handler.ts';

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
