/**
 * What a cabinet shows right after start-up, for the chaos run with storage faults
 * (docs/cabinet-rules.md#storage-faults): credits, the tilts, the last round and the whole game
 * recall. Two starts on the same durable journal must show the same view unless one of them is in a
 * memory-error or storage-fault tilt (docs/cabinet-rules.md#verified-records): a byte flip that changes
 * what is shown and raises no tilt is an undetected change.
 */
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import type { RoundRecord } from '../../core/model/round-record.ts';

export interface StartView {
  readonly creditsMinor: number;
  readonly tilts: readonly string[];
  /** JSON of the last round without its end time (a round voided at start-up ends "now"). */
  readonly lastRound: string | null;
  readonly recall: readonly string[];
}

/** The tilts under which a start may show anything: the cabinet has said its memory is in doubt. */
export const DOUBT_TILTS: readonly string[] = ['memory-error', 'storage-fault'];

function roundKey(r: RoundRecord): string {
  const { endedAt: _endedAt, ...stable } = r;
  return JSON.stringify(stable);
}

export function startView(cabinet: Pick<CabinetCore, 'snapshot' | 'recall'>): StartView {
  const snap = cabinet.snapshot();
  return {
    creditsMinor: snap.creditsMinor,
    tilts: snap.tilts.map((t) => t.kind),
    lastRound: snap.lastRound ? roundKey(snap.lastRound) : null,
    recall: cabinet.recall({ limit: 10_000 }).map(roundKey),
  };
}

export type StartVerdict =
  | { readonly kind: 'exact' }
  | { readonly kind: 'tilted'; readonly tilt: string }
  | { readonly kind: 'undetected-change'; readonly what: string };

/** Compares the start on the (possibly damaged) journal with the start on its undamaged copy. */
export function judgeStart(reference: StartView, observed: StartView): StartVerdict {
  const tilt = observed.tilts.find((t) => DOUBT_TILTS.includes(t));
  if (tilt !== undefined) return { kind: 'tilted', tilt };
  if (observed.creditsMinor !== reference.creditsMinor)
    return {
      kind: 'undetected-change',
      what: `credits ${observed.creditsMinor} where the journal made ${reference.creditsMinor} durable`,
    };
  if (observed.lastRound !== reference.lastRound) return { kind: 'undetected-change', what: 'a different last round' };
  if (observed.recall.length !== reference.recall.length)
    return {
      kind: 'undetected-change',
      what: `game recall of ${observed.recall.length} rounds where the journal holds ${reference.recall.length}`,
    };
  const at = observed.recall.findIndex((r, i) => r !== reference.recall[i]);
  if (at >= 0) return { kind: 'undetected-change', what: `game recall entry ${at} differs` };
  return { kind: 'exact' };
}
