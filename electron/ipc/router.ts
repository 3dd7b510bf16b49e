/**
 * The transport-neutral IPC router (VS Code's ProxyChannel idea): one function that
 * takes an untrusted (channel, payload) pair, validates it against the contract's zod
 * schemas and calls the Cabinet. It knows nothing about Electron or sockets; the
 * Electron adapter (electron-router.ts) and the browser test host both sit in front of it.
 *
 * Rules (the project's non-negotiables for an untrusted renderer):
 * - every payload is validated; a bad one gets `invalid-request` naming the field and
 *   what is allowed, and the cabinet is never called;
 * - unknown channels get `unknown-channel`;
 * - technician channels answer only while the operator key switch is on (domain-notes §3);
 * - a CabinetError becomes an IpcError with its code and limit; anything else becomes
 *   `internal` with a generic message (no stack traces or internals cross the seam).
 */
import type { z } from 'zod';
import type { Cabinet, CabinetErrorCode, CabinetEvent, CabinetSnapshot } from '../core/cabinet/cabinet-api.ts';
import {
  RequestSchemas,
  TECHNICIAN_CHANNELS,
  isChannel,
  type Channel,
  type IpcError,
  type IpcResult,
  type Paytable,
  type RequestOf,
  type ResponseMap,
} from './contract.ts';

export interface RouterServices {
  /** The operator key switch; technician channels are refused while it is off. */
  readonly operatorKeyOn: () => boolean;
  /** The exact paytable for the running profile and limits. */
  readonly paytable: (snapshot: CabinetSnapshot) => Paytable;
  /**
   * The service panel of the embedded bill-acceptor emulator (development and demo
   * cabinets). Absent on a real cabinet, where the channel answers `not-permitted`.
   */
  readonly insertNote?: (channel: number) => Promise<{ accepted: boolean; detail: string }>;
  /** Called for every refused or failed request (for the event log / diagnostics). */
  readonly onRefused?: (entry: { channel: string; code: IpcError['code']; message: string; cause?: unknown }) => void;
}

export interface IpcRouter {
  /** Handles one untrusted request. Never throws; every outcome is an IpcResult. */
  handle(channel: unknown, request: unknown): Promise<IpcResult<unknown>>;
  /** Pushes cabinet events to a transport. */
  subscribe(listener: (event: CabinetEvent) => void): () => void;
}

const CABINET_ERROR_CODES: ReadonlySet<string> = new Set<CabinetErrorCode>([
  'not-a-chip',
  'below-spot-min',
  'above-spot-max',
  'above-table-max',
  'above-max-win',
  'insufficient-credits',
  'no-bets',
  'no-bet-to-remove',
  'nothing-to-undo',
  'no-previous-bets',
  'tilted',
  'round-in-progress',
  'no-credits',
  'invalid-config',
  'not-permitted',
]);

interface CabinetErrorLike {
  readonly code: CabinetErrorCode;
  readonly message: string;
  readonly limit?: { readonly name: string; readonly valueMinor: number };
}

/** A refusal thrown by the cabinet (CabinetError or anything carrying a CabinetErrorCode). */
export function isCabinetError(error: unknown): error is CabinetErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; message?: unknown; info?: unknown };
  return (
    typeof candidate.code === 'string' &&
    CABINET_ERROR_CODES.has(candidate.code) &&
    typeof candidate.message === 'string'
  );
}

function toIpcError(error: CabinetErrorLike): IpcError {
  const limit = error.limit;
  if (limit && typeof limit.name === 'string' && Number.isSafeInteger(limit.valueMinor)) {
    return { code: error.code, message: error.message, limit: { name: limit.name, valueMinor: limit.valueMinor } };
  }
  return { code: error.code, message: error.message };
}

/** Describes a zod failure in words: each field, and what it allows. */
export function describeIssues(channel: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return `${where}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (not allowed)`;
    }
    const field = issue.path.length ? `field "${issue.path.join('.')}"` : 'the request';
    return `${field}: ${issue.message}`;
  });
  return `invalid request on ${channel}: ${parts.join('; ')}`;
}

function fail(code: IpcError['code'], message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

type Handlers = { [C in Channel]: (request: RequestOf<C>) => ResponseMap[C] | Promise<ResponseMap[C]> };

export function createIpcRouter(cabinet: Cabinet, services: RouterServices): IpcRouter {
  const handlers: Handlers = {
    'cabinet:snapshot': () => cabinet.snapshot(),
    'bets:place': (r) => cabinet.placeChip(r.spot, r.chipMinor),
    'bets:remove': (r) => cabinet.removeChip(r.spot, r.chipMinor),
    'bets:undo': () => cabinet.undoChip(),
    'bets:clear': () => cabinet.clearBets(),
    'round:deal': () => cabinet.deal(),
    'round:rebet': (r) => cabinet.rebet(r.multiplier),
    'cashout:collect': () => cabinet.cashOut(),
    'paytable:get': () => services.paytable(cabinet.snapshot()),
    'history:list': (r) => cabinet.recall({ limit: r.limit }).filter((round) => !round.demo),
    'tech:meters': () => cabinet.meters(),
    'tech:recall': (r) => cabinet.recall(r),
    'tech:events': (r) => cabinet.events(r),
    'tech:clear-handpay': () => {
      cabinet.clearHandpay();
      return cabinet.snapshot();
    },
    'tech:ram-clear': () => {
      cabinet.ramClear();
      return cabinet.snapshot();
    },
    'tech:door': (r) => {
      cabinet.setDoorOpen(r.open);
      return cabinet.snapshot();
    },
    'service:insert-note': async (r) => {
      if (!services.insertNote) {
        throw Object.assign(new Error('no embedded bill acceptor emulator on this cabinet'), {
          code: 'not-permitted' as const,
        });
      }
      return services.insertNote(r.channel);
    },
  };

  function refuse(channel: string, code: IpcError['code'], message: string, cause?: unknown): IpcResult<never> {
    services.onRefused?.({ channel, code, message, cause });
    return fail(code, message);
  }

  async function handle(channel: unknown, request: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) {
      const shown = typeof channel === 'string' ? `"${channel.slice(0, 60)}"` : typeof channel;
      return refuse(String(channel).slice(0, 60), 'unknown-channel', `unknown channel ${shown}`);
    }
    if (TECHNICIAN_CHANNELS.has(channel) && !services.operatorKeyOn()) {
      return refuse(channel, 'forbidden', `${channel} needs the operator key switch turned on`);
    }
    const schema = RequestSchemas[channel];
    const parsed = schema.safeParse(request === undefined ? {} : request);
    if (!parsed.success) {
      return refuse(channel, 'invalid-request', describeIssues(channel, parsed.error.issues));
    }
    try {
      const handler = handlers[channel] as (request: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      if (isCabinetError(error)) {
        const ipcError = toIpcError(error);
        services.onRefused?.({ channel, code: ipcError.code, message: ipcError.message });
        return { ok: false, error: ipcError };
      }
      return refuse(channel, 'internal', `the cabinet could not complete ${channel}; the fault was logged`, error);
    }
  }

  return {
    handle,
    subscribe: (listener) => cabinet.subscribe(listener),
  };
}
