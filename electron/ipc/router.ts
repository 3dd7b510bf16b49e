/**
 * The transport-neutral IPC router (VS Code's ProxyChannel idea): one function that
 * takes an untrusted (channel, payload) pair, looks the channel up in the channel table,
 * validates the payload against its zod schema, checks its role and calls the handler.
 * It knows nothing about Electron or sockets; the Electron adapter (electron-router.electron.ts)
 * and the browser test host both sit in front of it.
 *
 * Dispatch is derived from the tables: the production table (contract.ts) with its
 * handlers, one file per feature in handlers/ (a missing or extra handler is a compile error), plus any dev-only
 * channel groups a dev shell passes in (dev-contract.ts). A packaged main
 * passes none, so those channels do not exist there.
 *
 * Rules (the project's non-negotiables for an untrusted renderer):
 * - a payload larger than MAX_IPC_REQUEST_BYTES (payload-size.ts) gets `payload-too-large` before
 *   anything else reads it;
 * - every payload is validated; a bad one gets `invalid-request` naming the field and
 *   what is allowed, and the cabinet is never called;
 * - unknown channels get `unknown-channel`;
 * - a channel's role decides who may call it (docs/cabinet-rules.md#operator-menu-and-key-switch),
 *   checked before the payload is read: staff channels need the operator key on (`key-off`)
 *   and a main-side session of a role that may use them (`signed-out`, `wrong-role`); while a
 *   session is open, player channels that change something answer `menu-open`;
 * - a passed staff request resets the session's idle timer;
 * - a staff channel's `whileMoney` rule goes to the money guard before its handler runs
 *   (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet);
 * - a CabinetError becomes an IpcError with its code, limit, fields and reason (a reason only when it fits the
 *   contract's schema); anything else becomes `internal` with a generic message (no stack traces or internals
 *   cross the seam).
 */
import type { z } from 'zod';
import type { Cabinet, CabinetErrorCode } from '../core/cabinet/cabinet-api.ts';
import { askGuardFirst } from '../core/cabinet/money-guard.ts';
import { isStaffError } from '../core/staff/staff-error.ts';
import { roleCovers, type StaffRole } from '../core/staff/staff-status.ts';
import type { FieldIssue } from '../core/config/field-issue.ts';
import { configHandlers } from './handlers/config.ts';
import { journalDamageHandlers } from './handlers/journal-damage.ts';
import { staffHandlers } from './handlers/staff.ts';
import { tableHandlers } from './handlers/table.ts';
import { technicianViewHandlers } from './handlers/technician-views.ts';
import { exceedsPayloadLimit, MAX_IPC_REQUEST_BYTES } from './payload-size.ts';
import { channelGroup, type ChannelGroup, type ChannelHandlers } from './channel-group.ts';
import type { ChannelSpec } from './channel-spec.ts';
export { channelGroup, refusal, type ChannelGroup, type ChannelHandlers } from './channel-group.ts';
import {
  CHANNEL_TABLE,
  refusalReasonSchema,
  type IpcError,
  type IpcResult,
  type ProductionTable,
  type PushEvent,
} from './contract.ts';
import type { RouterServices, RouterStaff } from './router-services.ts';
export type { RouterServices, RouterStaff } from './router-services.ts';

export interface IpcRouter {
  /** Every channel this router answers (the production table plus any dev groups merged in). */
  readonly channels: readonly string[];
  /** Handles one untrusted request. Never throws; every outcome is an IpcResult. */
  handle(channel: unknown, request: unknown): Promise<IpcResult<unknown>>;
  /** Pushes cabinet events and staff status changes to a transport. */
  subscribe(listener: (event: PushEvent) => void): () => void;
}

export interface RoleRefusal {
  readonly code: IpcError['code'];
  readonly message: string;
}

function needSession(channel: string, needed: StaffRole, staff: RouterStaff): RoleRefusal | null {
  if (!staff.keyOn()) return { code: 'key-off', message: `${channel} needs the operator key switch turned on` };
  const session = staff.session();
  if (session === null) return { code: 'signed-out', message: `${channel} needs a staff sign-in (${needed})` };
  if (!roleCovers(session, needed)) {
    return { code: 'wrong-role', message: `${channel} needs a ${needed} sign-in; the ${session} may not use it` };
  }
  return null;
}

/** Why a channel of this spec may not be called right now, or null when it may (from the table). */
export function roleRefusal(spec: ChannelSpec, channel: string, staff: RouterStaff): RoleRefusal | null {
  switch (spec.role) {
    case 'player':
      if (spec.readOnly || staff.session() === null) return null;
      return { code: 'menu-open', message: `${channel} is paused while the staff menu is open` };
    case 'staff-access':
      return staff.keyOn() ? null : { code: 'key-off', message: `${channel} needs the operator key switch turned on` };
    case 'attendant':
    case 'technician':
      return needSession(channel, spec.role, staff);
    // Service and test channels exist only where a dev shell merged their table in.
    case 'service':
    case 'test':
      return null;
  }
}

/** Every cabinet refusal code, as a Record so a code added to CabinetErrorCode without a place here does not compile. */
const CABINET_ERROR_CODE_LIST: Readonly<Record<CabinetErrorCode, true>> = {
  'not-a-chip': true,
  'below-spot-min': true,
  'above-spot-max': true,
  'above-table-max': true,
  'above-max-win': true,
  'insufficient-credits': true,
  'no-bets': true,
  'no-bet-to-remove': true,
  'nothing-to-undo': true,
  'no-previous-bets': true,
  'reality-check-open': true,
  'session-limit': true,
  'no-reality-check': true,
  tilted: true,
  'round-in-progress': true,
  'no-credits': true,
  'invalid-config': true,
  'bets-on-table': true,
  'rebet-needs-empty-table': true,
  'not-permitted': true,
  'stadium-mode': true,
  'betting-closed': true,
  'not-in-stadium': true,
  'side-bet-not-offered': true,
};
const CABINET_ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(CABINET_ERROR_CODE_LIST));

interface CabinetErrorLike {
  readonly code: CabinetErrorCode;
  readonly message: string;
  readonly limit?: { readonly name: string; readonly valueMinor: number };
  readonly fields?: readonly FieldIssue[];
  /** Why, as a code with its parameters (e.g. DeviceBusyError); checked against the contract's schema. */
  readonly reason?: unknown;
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
  const withLimit =
    limit && typeof limit.name === 'string' && Number.isSafeInteger(limit.valueMinor)
      ? { limit: { name: limit.name, valueMinor: limit.valueMinor } }
      : {};
  const withFields = Array.isArray(error.fields) ? { fields: error.fields.map((f) => ({ ...f })) } : {};
  // Only a reason the contract declares crosses: typed for the screen, and nothing else of the error with it.
  const reason = error.reason === undefined ? undefined : refusalReasonSchema.safeParse(error.reason);
  const withReason = reason?.success ? { reason: reason.data } : {};
  return { code: error.code, message: error.message, ...withLimit, ...withFields, ...withReason };
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

/** Every production channel's handler, one file per feature (electron/ipc/handlers/); a missing one does not compile. */
function productionHandlers(cabinet: Cabinet, services: RouterServices): ChannelHandlers<ProductionTable> {
  return {
    ...tableHandlers(cabinet, services),
    ...staffHandlers(cabinet, services),
    ...technicianViewHandlers(cabinet, services, services.staff),
    ...configHandlers(cabinet, services),
    ...journalDamageHandlers(services),
  };
}

interface Route {
  readonly spec: ChannelSpec;
  readonly handler: (request: unknown) => unknown;
}

/** The dispatch table: production channels first, then each dev group; a name may appear once. */
function routes(groups: readonly ChannelGroup[]): ReadonlyMap<string, Route> {
  const map = new Map<string, Route>();
  groups.forEach((group, index) => {
    for (const [name, spec] of Object.entries(group.table)) {
      if (map.has(name)) throw new Error(`IPC channel ${name} is declared twice`);
      if (index > 0 && spec.availability !== 'dev') {
        throw new Error(`IPC channel ${name} is merged in as a dev group but is declared ${spec.availability}`);
      }
      const handler = group.handlers[name];
      if (typeof handler !== 'function') throw new Error(`IPC channel ${name} has no handler`);
      map.set(name, { spec, handler: handler as (request: unknown) => unknown });
    }
  });
  return map;
}

/**
 * `devGroups`: dev-only channel groups (service panel, test controls). Only the browser
 * host and the unpackaged Electron dev path pass any.
 */
export function createIpcRouter(
  cabinet: Cabinet,
  services: RouterServices,
  devGroups: readonly ChannelGroup[] = [],
): IpcRouter {
  const table = routes([channelGroup(CHANNEL_TABLE, productionHandlers(cabinet, services)), ...devGroups]);

  function refuse(channel: string, code: IpcError['code'], message: string, cause?: unknown): IpcResult<never> {
    services.onRefused?.({ channel, code, message, cause });
    return fail(code, message);
  }

  async function handle(channel: unknown, request: unknown): Promise<IpcResult<unknown>> {
    const route = typeof channel === 'string' ? table.get(channel) : undefined;
    if (typeof channel !== 'string' || route === undefined) {
      const shown = typeof channel === 'string' ? `"${channel.slice(0, 60)}"` : typeof channel;
      return refuse(String(channel).slice(0, 60), 'unknown-channel', `unknown channel ${shown}`);
    }
    // Before the role check and the schema: an oversized request is refused unread and changes nothing.
    if (exceedsPayloadLimit(request)) {
      return refuse(
        channel,
        'payload-too-large',
        `the request for ${channel} is larger than ${MAX_IPC_REQUEST_BYTES} bytes of JSON (the limit for every channel)`,
      );
    }
    const refusal = roleRefusal(route.spec, channel, services.staff);
    if (refusal !== null) return refuse(channel, refusal.code, refusal.message);
    const parsed = route.spec.request.safeParse(request === undefined ? {} : request);
    if (!parsed.success) {
      return refuse(channel, 'invalid-request', describeIssues(channel, parsed.error.issues));
    }
    if (route.spec.role === 'attendant' || route.spec.role === 'technician') services.staff.touch();
    try {
      // The money guard: a staff action that would change, strand or forget what is owed is refused here.
      if (askGuardFirst(route.spec.whileMoney)) cabinet.guardStaffAction(route.spec.whileMoney, channel);
      const value = await route.handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      if (isStaffError(error)) {
        const ipcError: IpcError =
          error.until !== undefined
            ? { code: error.code, message: error.message, until: error.until }
            : { code: error.code, message: error.message };
        services.onRefused?.({ channel, code: ipcError.code, message: ipcError.message });
        return { ok: false, error: ipcError };
      }
      if (isCabinetError(error)) {
        const ipcError = toIpcError(error);
        services.onRefused?.({ channel, code: ipcError.code, message: ipcError.message });
        return { ok: false, error: ipcError };
      }
      return refuse(channel, 'internal', `the cabinet could not complete ${channel}; the fault was logged`, error);
    }
  }

  return {
    channels: [...table.keys()],
    handle,
    subscribe: (listener) => {
      const offCabinet = cabinet.subscribe(listener);
      const offStaff = services.staff.subscribe((status) => listener({ type: 'staff', status }));
      return () => {
        offCabinet();
        offStaff();
      };
    },
  };
}
