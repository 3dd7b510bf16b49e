/**
 * The cabinet as the shells see it: every method the cabinet's own, bound to it, except the two start-up wraps —
 * applyConfig restarts the devices a change affects (live-devices.ts), and ramClear after a damaged journal
 * removes the quarantine marker once the clear has committed (docs/cabinet-rules.md#damaged-journal). The methods
 * are listed, not proxied, so the compiler sees each one; a method added to the cabinet's API and not listed here
 * fails to compile.
 */
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';
import type { CabinetCore } from '../core/cabinet/cabinet.ts';

const CABINET_METHODS = [
  'snapshot',
  'subscribe',
  'placeChip',
  'removeChip',
  'undoChip',
  'clearBets',
  'deal',
  'rebet',
  'cashOut',
  'answerRealityCheck',
  'reviewSession',
  'recall',
  'canAcceptBill',
  'creditBill',
  'reportDevice',
  'raiseFault',
  'setDoorOpen',
  'clearHandpay',
  'clearTilt',
  'ramClear',
  'moneyOnCabinet',
  'guardStaffAction',
  'resetRoads',
  'meters',
  'events',
  'venueConfig',
  'validateConfig',
  'applyConfig',
  'configAudit',
  'archiveState',
  'archivedRows',
  'skipRound',
  'playerHistory',
  'stadiumOpen',
  'stadiumClose',
  'stadiumResult',
  'stadiumVoid',
  'stadiumFault',
  'stadiumLink',
  'stadiumTerminalId',
  'stadiumLockedRound',
  'stadiumUnreported',
  'stadiumReported',
] as const satisfies readonly (keyof Cabinet)[];

type Unlisted = Exclude<keyof Cabinet, (typeof CABINET_METHODS)[number]>;
/** Compiles only while every method of the API is listed above. */
const EVERY_METHOD_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
void EVERY_METHOD_LISTED;

export type CabinetWraps = Partial<Pick<Cabinet, 'applyConfig' | 'ramClear'>>;

export function shellCabinet(core: CabinetCore | Cabinet, wraps: CabinetWraps = {}): Cabinet {
  const bound: Record<string, unknown> = {};
  for (const name of CABINET_METHODS) {
    const method = core[name] as (...args: unknown[]) => unknown;
    bound[name] = method.bind(core);
  }
  return { ...(bound as unknown as Cabinet), ...wraps };
}
