/**
 * The second copy of critical memory could not be written (docs/cabinet-rules.md#critical-memory): a
 * full or read-only device, a removed disk. The journal's commit stands (it is the one truth), but the
 * cabinet has lost the copy that would catch a journal losing committed data, so play and money-in stop
 * with a `storage-fault` tilt from `critical-copy`. A technician clears it, and only once the copy has
 * been rewritten from the journal's state (the clear tries the write itself).
 */
import type { CabinetContext } from './cabinet-context.ts';
import { now } from './cabinet-context.ts';
import { CabinetError } from './cabinet-error.ts';
import { emitState } from './cabinet-events.ts';
import { guardStorage } from './storage-fault.ts';
import { raiseTilt } from './tilts.ts';

/** The tilt's source: the copy file, not the journal. */
export const COPY_SOURCE = 'critical-copy';

/** The file system's code for a failed write (ENOSPC, EROFS, EACCES, EIO…), or what the error says. */
export function errnoOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.length > 0 && code.length <= 32) return code;
  return error instanceof Error ? error.name : 'unknown error';
}

/** Raises the tilt once; further failed writes while it is up add nothing to the journal. */
export function copyWriteFailed(ctx: CabinetContext, error: unknown): void {
  if (ctx.tilts.some((t) => t.kind === 'storage-fault' && t.source === COPY_SOURCE)) return;
  const errno = errnoOf(error);
  try {
    guardStorage(ctx, 'other', () =>
      raiseTilt(ctx, 'storage-fault', COPY_SOURCE, { code: 'copy-write-failed', errno }),
    );
  } catch (refusal) {
    // The journal refused the tilt too: its own storage fault is up and holds play; the next commit that
    // reaches the copy file tries again and raises this tilt once the journal takes it.
    if (!(refusal instanceof CabinetError)) throw refusal;
  }
  emitState(ctx);
}

/** Why the copy's tilt may not be cleared now, or null once a rewrite of the copy succeeded (and is logged). */
export function copyClearBlocker(ctx: CabinetContext, by: string): string | null {
  if (by !== 'technician')
    return 'only a technician clears a critical-copy fault, once the copy file can be written again';
  try {
    ctx.copyFile?.write({ state: ctx.critical, lastLedgerId: ctx.journal.lastLedgerId() });
  } catch (error) {
    return `the second copy of critical memory still cannot be written (${errnoOf(error)})`;
  }
  const at = now(ctx);
  ctx.journal.transaction(() => ctx.journal.appendEvent('memory', at, { code: 'copy-rewritten' }));
  return null;
}
