import type { MinorUnits } from '../money/minor-units.ts';
import type { Meters } from './meters.ts';

/** Critical memory (docs/cabinet-rules.md#critical-memory): credits, meters, config hash and game state. */
export interface CriticalState {
  /** Bumped on every write, so two valid copies that differ can be ordered. */
  readonly seq: number;
  readonly creditsMinor: MinorUnits;
  readonly demoCreditsMinor: MinorUnits;
  readonly meters: Meters;
  readonly configHash: string;
  readonly lastRoundId: number;
  /** The round between lock and settle, or null (game state). */
  readonly openRoundId: number | null;
}

/** Critical memory is kept twice; each copy carries its own SHA-256. */
export type CopyName = 'a' | 'b';

export interface CopyRead {
  readonly copy: CopyName;
  /** The parsed state when the row exists and its SHA-256 matches. */
  readonly state: CriticalState | null;
  /** Why the copy is unusable, or null when it is good. */
  readonly problem: CopyProblem | null;
  /** The stored JSON the good state was parsed from: two equal bodies are equal states, with no re-encoding. */
  readonly body?: string;
}

/** Why a copy of critical memory in the journal is unusable: no row, a SHA-256 that does not match, a body that is not JSON. */
export type CopyProblem = 'missing' | 'checksum-mismatch' | 'not-json';
