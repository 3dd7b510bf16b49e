/**
 * Every IPC error code main can answer, with the locale key that words it and whether that sentence names the
 * limit that was hit. A Record over IpcErrorCode: a code added in main with no wording here does not compile,
 * so no refusal reaches a translated screen as main's English.
 */
import type { IpcErrorCode } from '../../../electron/ipc/contract.ts';

export interface ErrorWording {
  /** The sentence in the screen's language (renderer/src/i18n/<lang>.ts, `errors`). */
  readonly key: `errors.${IpcErrorCode}`;
  /** The sentence names the limit (`{limit}`): it needs the amount main sent with the refusal. */
  readonly namesLimit: boolean;
}

const says = (code: IpcErrorCode): ErrorWording => ({ key: `errors.${code}`, namesLimit: false });
const namesLimit = (code: IpcErrorCode): ErrorWording => ({ key: `errors.${code}`, namesLimit: true });

export const ERROR_WORDING: Readonly<Record<IpcErrorCode, ErrorWording>> = {
  'not-a-chip': says('not-a-chip'),
  'below-spot-min': namesLimit('below-spot-min'),
  'above-spot-max': namesLimit('above-spot-max'),
  'above-table-max': namesLimit('above-table-max'),
  'above-max-win': namesLimit('above-max-win'),
  'insufficient-credits': says('insufficient-credits'),
  'no-bets': says('no-bets'),
  'no-bet-to-remove': says('no-bet-to-remove'),
  'nothing-to-undo': says('nothing-to-undo'),
  'no-previous-bets': says('no-previous-bets'),
  tilted: says('tilted'),
  'round-in-progress': says('round-in-progress'),
  'no-credits': says('no-credits'),
  'invalid-config': says('invalid-config'),
  'bets-on-table': says('bets-on-table'),
  'rebet-needs-empty-table': says('rebet-needs-empty-table'),
  'not-permitted': says('not-permitted'),
  'stadium-mode': says('stadium-mode'),
  'betting-closed': says('betting-closed'),
  'not-in-stadium': says('not-in-stadium'),
  'side-bet-not-offered': says('side-bet-not-offered'),
  'reality-check-open': says('reality-check-open'),
  'session-limit': says('session-limit'),
  'no-reality-check': says('no-reality-check'),
  'key-off': says('key-off'),
  'signed-out': says('signed-out'),
  'wrong-role': says('wrong-role'),
  'wrong-pin': says('wrong-pin'),
  'locked-out': says('locked-out'),
  'menu-open': says('menu-open'),
  'no-pin': says('no-pin'),
  'not-recorded': says('not-recorded'),
  'invalid-request': says('invalid-request'),
  'payload-too-large': says('payload-too-large'),
  'unknown-channel': says('unknown-channel'),
  forbidden: says('forbidden'),
  internal: says('internal'),
};

function isIpcErrorCode(code: string): code is IpcErrorCode {
  return Object.hasOwn(ERROR_WORDING, code);
}

/** The wording of a code main sent; null for a string that is no IPC error code (a newer main, say). */
export function wordingOf(code: string): ErrorWording | null {
  return isIpcErrorCode(code) ? ERROR_WORDING[code] : null;
}
