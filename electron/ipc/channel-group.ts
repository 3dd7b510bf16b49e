/**
 * A channel table with its handlers, ready to be merged into a router (router.ts). Type-only
 * imports, so a dev bundle that declares a group (electron/host/dev-shell.ts) does not carry
 * the production contract.
 */
import type { CabinetErrorCode } from '../core/cabinet/cabinet-api.ts';
import type { ChannelTable, RequestIn, ResponseIn } from './channel-spec.ts';

/** One handler per channel of table `T`, typed by the table. */
export type ChannelHandlers<T extends ChannelTable> = {
  readonly [C in keyof T & string]: (request: RequestIn<T, C>) => ResponseIn<T, C> | Promise<ResponseIn<T, C>>;
};

/** A channel table with its handlers, ready to be merged into a router. */
export interface ChannelGroup {
  readonly table: ChannelTable;
  readonly handlers: Readonly<Record<string, (request: never) => unknown>>;
}

export function channelGroup<T extends ChannelTable>(table: T, handlers: ChannelHandlers<T>): ChannelGroup {
  return { table, handlers: handlers as ChannelGroup['handlers'] };
}

/** A refusal a handler throws: the router answers it with this code and message. */
export function refusal(code: CabinetErrorCode, message: string): Error & { readonly code: CabinetErrorCode } {
  return Object.assign(new Error(message), { code });
}
