/**
 * The one crash policy of the Electron main process and the browser host (docs/cabinet-rules.md#damaged-journal,
 * "Crash policy"): an error nothing handled (`uncaughtException`, `unhandledRejection`) is recorded as far as the
 * journal lets it, then the process exits with EXIT_PROCESS_CRASH, which systemd restarts. Start-up recovery then
 * does what it does after a power cut. Plain Node, so both shells and their tests share it.
 *
 * The handler must never crash itself: recording and logging are each tried once and any error they throw is
 * swallowed; a second unhandled error while the first is being handled exits at once.
 */
import type { CrashKind } from '../core/model/journal-message.ts';
import { EXIT_PROCESS_CRASH } from './crash-policy.ts';

/** What is recorded of a crash: its kind and the error's name (a message may hold anything, so it is only logged). */
export interface CrashReport {
  readonly crash: CrashKind;
  readonly error: string;
  /** When the handler ran (ISO 8601). */
  readonly at: string;
}

export interface CrashHandlerOptions {
  /** Records the crash durably (the journal, else a marker file beside it); may throw. */
  readonly record: (report: CrashReport) => void;
  /** One line for the operator's log (the unit's journald), with the error's message. */
  readonly log: (line: string) => void;
  /** Ends the process: `app.exit` in Electron, `process.exit` in the host. */
  readonly exit: (code: number) => void;
  /** The process whose events are handled (tests pass a stand-in). */
  readonly target?: Pick<NodeJS.Process, 'on' | 'off'>;
  readonly clock?: () => Date;
}

const ERROR_NAME = /^[A-Za-z_$][\w$.-]{0,63}$/;

/** The error's name as a short identifier (TypeError, SqliteError, …); a thrown non-error is named by its type. */
export function crashErrorName(reason: unknown): string {
  if (reason instanceof Error) return ERROR_NAME.test(reason.name) ? reason.name : 'Error';
  return reason === null ? 'null' : typeof reason;
}

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  try {
    return String(reason);
  } catch {
    return typeof reason;
  }
}

/** Installs the handlers; answers a function that removes them. */
export function installProcessCrashHandlers(options: CrashHandlerOptions): () => void {
  const target = options.target ?? process;
  let handling = false;
  const onCrash = (crash: CrashKind, reason: unknown): void => {
    if (handling) {
      options.exit(EXIT_PROCESS_CRASH);
      return;
    }
    handling = true;
    const report: CrashReport = {
      crash,
      error: crashErrorName(reason),
      at: (options.clock?.() ?? new Date()).toISOString(),
    };
    attempt(() => options.log(`${crash}: ${describe(reason).split('\n').join(' | ')}; exiting ${EXIT_PROCESS_CRASH}`));
    attempt(
      () => options.record(report),
      (error) => options.log(`the crash could not be recorded: ${describe(error).split('\n')[0]}`),
    );
    options.exit(EXIT_PROCESS_CRASH);
  };
  const onException = (error: unknown): void => onCrash('uncaught-exception', error);
  const onRejection = (reason: unknown): void => onCrash('unhandled-rejection', reason);
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}

/** Runs `fn`; an error it throws goes to `failed`, and an error there is dropped: the handler goes on to exit. */
function attempt(fn: () => void, failed?: (error: unknown) => void): void {
  try {
    fn();
  } catch (error) {
    try {
      failed?.(error);
    } catch {
      // Nothing is left to tell: the exit that follows is what counts.
    }
  }
}
