/**
 * The shape of a channel table: one declaration per IPC channel gives its request schema
 * (zod), its response type, the role allowed to use it and where it exists. The production
 * table is in contract.ts; the dev-only tables (service panel, browser-host test controls)
 * are in dev-contract.ts and electron/host/test-channels.ts and are merged into a router only by the browser
 * host and the unpackaged Electron dev path. Everything else (channel lists, the technician
 * list, the router's dispatch, request/response types) is derived from the tables.
 */
import type { z } from 'zod';
import type { WhileMoney } from '../core/model/money-rule.ts';
import type { TiltClearRule } from '../core/model/tilt-clear-role.ts';

/**
 * Who may use a channel (docs/cabinet-rules.md#operator-menu-and-key-switch); the router
 * checks it before it reads the payload:
 *  - player: the touchscreen; while a staff session is open only `readOnly` channels answer
 *    (the others get `menu-open`);
 *  - staff-access: sign-in and sign-out, only while the operator key switch is on (`key-off`);
 *  - attendant: needs the key on and a main-side session of an attendant or a technician
 *    (`key-off`, `signed-out`);
 *  - technician: needs the key on and a technician session (`key-off`, `signed-out`, `wrong-role`);
 *  - service: the embedded emulators' service panel (development and demo cabinets);
 *  - test: the browser test host's controls for e2e tests (`--test-controls`).
 */
export type ChannelRole = 'player' | 'staff-access' | 'attendant' | 'technician' | 'service' | 'test';

/** The roles that need a staff session (and the key on). */
export const STAFF_CHANNEL_ROLES: ReadonlySet<ChannelRole> = new Set<ChannelRole>(['attendant', 'technician']);

/** production: in contract.ts and in every build; dev: never in a packaged app. */
export type Availability = 'production' | 'dev';

/** A response type carried at compile time only (see `answers`). */
export interface Answer<T> {
  readonly answerType?: () => T;
}

/** Declares a channel's response type: `response: answers<CabinetSnapshot>()`. */
export function answers<T>(): Answer<T> {
  return {};
}

/** One channel's declaration. */
export interface ChannelSpec<A extends Availability = Availability> {
  readonly role: ChannelRole;
  readonly availability: A;
  /** A player channel that only reads: it still answers while the staff menu is open. */
  readonly readOnly?: true;
  /**
   * Staff channels: what the channel may do while the cabinet holds money; the router asks the money guard
   * before the handler runs (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet). Every staff
   * channel declares it (a contract test checks); player, service and test channels have none.
   */
  readonly whileMoney?: WhileMoney;
  readonly request: z.ZodType;
  /**
   * tech:clear-tilt: `role` lets the menu in; which tilt that role may then clear is this rule, as data,
   * which the cabinet's clear applies (`wrong-role` beyond it).
   */
  readonly tiltRoles?: TiltClearRule;
  /** `answers<T>()`: the type of a successful answer. */
  readonly response: Answer<unknown>;
}

export type ChannelTable<A extends Availability = Availability> = Readonly<Record<string, ChannelSpec<A>>>;

/** Each channel's request type, by name. */
export type RequestMapOf<T extends ChannelTable> = { [C in keyof T]: z.infer<T[C]['request']> };
/** Each channel's answer type, by name. */
export type ResponseMapOf<T extends ChannelTable> = {
  [C in keyof T]: T[C]['response'] extends Answer<infer R> ? R : never;
};
export type RequestIn<T extends ChannelTable, C extends keyof T> = RequestMapOf<T>[C];
export type ResponseIn<T extends ChannelTable, C extends keyof T> = ResponseMapOf<T>[C];

/** The names in a table that have the given role, in declaration order. */
export function channelsWithRole<T extends ChannelTable>(table: T, role: ChannelRole): Array<keyof T & string> {
  return Object.keys(table).filter((name) => table[name]?.role === role);
}
