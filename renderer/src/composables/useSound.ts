/**
 * The table's sound effects, for the stores that know when they happen (docs/sound.md#when-each-sound-plays).
 * Each plays on the screen's one sound output (renderer/src/audio/), which the player's settings and the
 * cabinet's state gate (useTableSound.ts): under a tilt only the warning sounds.
 */
import type { RoundResultKind } from '../../../electron/core/engine/round-result-kind.ts';
import { tableSound } from '../audio/table-sound.ts';

/** The sound of a settled round's net result: only a net win plays the win (docs/rules.md#results-in-net-terms). */
export function resultEffect(kind: RoundResultKind): 'win' | 'push' | 'lose' {
  if (kind === 'win') return 'win';
  return kind === 'push' ? 'push' : 'lose';
}

export function useSound() {
  const play = (...args: Parameters<ReturnType<typeof tableSound>['play']>): void => {
    tableSound().play(...args);
  };
  return {
    chipPlaced: () => play('chipPlaced'),
    chipRemoved: () => play('chipRemoved'),
    cardDealt: () => play('cardDealt'),
    /** The card turning face up, `delayS` after it was dealt (when the screen's flip shows it). */
    cardTurned: (delayS: number) => play('cardTurned', delayS),
    result: (kind: RoundResultKind) => play(resultEffect(kind)),
    noteAccepted: () => play('noteAccepted'),
    warning: () => play('warning'),
  };
}
