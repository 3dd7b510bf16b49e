/**
 * What the modelled NV200 / NV9USB answers to each SSP command once it has decided to execute it
 * (docs/protocols/essp-device-model.md#commands). Whether a command may run at all (eSSP rules, sequence
 * flag, out of service) is decided before, in bill-acceptor-model.ts; this file is the command table.
 *
 * Generic replies: 0xF0 OK, 0xF2 unknown command (also for commands of the other product), 0xF3 wrong number
 * of parameters, 0xF4 parameter out of range, 0xF5 cannot be processed, 0xF8 fail, 0xFA key not set.
 */
import { le64, readLe64 } from './essp-packet.ts';
import type { Product } from './event-table.ts';
import type { PollKind } from './event-queue.ts';
import type { NotePath } from './note-path.ts';
import type { SlaveKeyExchange } from './key-exchange.ts';

export const CMD = {
  RESET: 0x01,
  SET_INHIBITS: 0x02,
  DISPLAY_ON: 0x03,
  DISPLAY_OFF: 0x04,
  SETUP_REQUEST: 0x05,
  HOST_PROTOCOL_VERSION: 0x06,
  POLL: 0x07,
  REJECT: 0x08,
  DISABLE: 0x09,
  ENABLE: 0x0a,
  GET_SERIAL_NUMBER: 0x0c,
  UNIT_DATA: 0x0d,
  CHANNEL_VALUE_DATA: 0x0e,
  CHANNEL_SECURITY_DATA: 0x0f,
  SYNC: 0x11,
  LAST_REJECT_CODE: 0x17,
  HOLD: 0x18,
  GET_FIRMWARE_VERSION: 0x20,
  GET_DATASET_VERSION: 0x21,
  SET_GENERATOR: 0x4a,
  SET_MODULUS: 0x4b,
  REQUEST_KEY_EXCHANGE: 0x4c,
  GET_BUILD_REVISION: 0x4f,
  POLL_WITH_ACK: 0x56,
  EVENT_ACK: 0x57,
  GET_COUNTERS: 0x58,
  RESET_COUNTERS: 0x59,
  SET_FIXED_KEY: 0x60,
  RESET_FIXED_KEY: 0x61,
} as const;

export const REPLY = {
  OK: 0xf0,
  UNKNOWN: 0xf2,
  WRONG_PARAMETERS: 0xf3,
  OUT_OF_RANGE: 0xf4,
  CANNOT_PROCESS: 0xf5,
  FAIL: 0xf8,
  KEY_NOT_SET: 0xfa,
} as const;

/** Commands GA138 marks "Encryption Required: yes" for these products. */
export const ENCRYPTION_REQUIRED: ReadonlySet<number> = new Set([CMD.POLL_WITH_ACK, CMD.EVENT_ACK, CMD.SET_FIXED_KEY]);
/** Commands a unit with encryption forced still takes in clear: the ones that set the key up. */
export const KEY_SETUP: ReadonlySet<number> = new Set([
  CMD.SYNC,
  CMD.SET_GENERATOR,
  CMD.SET_MODULUS,
  CMD.REQUEST_KEY_EXCHANGE,
]);

const COMMON = Object.values(CMD).filter(
  (c) => c !== CMD.GET_BUILD_REVISION && c !== CMD.GET_COUNTERS && c !== CMD.RESET_COUNTERS,
);
/** The command tables of GA138 (the barcode, bezel and baud-rate commands of the NV200 are not modelled). */
const PRODUCT_COMMANDS: Record<Product, ReadonlySet<number>> = {
  NV200: new Set([...COMMON, CMD.GET_BUILD_REVISION]),
  NV9USB: new Set([...COMMON, CMD.GET_COUNTERS, CMD.RESET_COUNTERS]),
};

export interface UnitIdentity {
  readonly product: Product;
  readonly channelsMajor: readonly number[];
  readonly countryCode: string;
  readonly serialNumber: number;
  /** Four ASCII characters in SETUP_REQUEST and UNIT_DATA, e.g. "0410" for 4.10. */
  readonly firmwareShort: string;
  readonly firmwareVersion: string | null;
  readonly datasetVersion: string | null;
  readonly realValueMultiplier: number;
  readonly maxProtocolVersion: number;
  readonly buildRevision: number;
}

/** The unit's state the commands read and change; bill-acceptor-model.ts provides it. */
export interface UnitPorts {
  readonly identity: UnitIdentity;
  readonly notes: NotePath;
  readonly keys: SlaveKeyExchange;
  /** The note activity counters of GET_COUNTERS (kept over power cycles). */
  counters(): { stacked: number; rejected: number };
  resetCounters(): void;
  protocolVersion(): number;
  setProtocolVersion(version: number): void;
  setEnabled(enabled: boolean): void;
  setInhibitMask(mask: number): void;
  setDisplay(on: boolean): void;
  now(): number;
  poll(kind: PollKind): Uint8Array;
  acknowledgeEvents(): void;
  /** The negotiated key takes effect from the next packet on; the counter starts at 0. */
  installNegotiatedKey(key: bigint): void;
  setFixedKey(key: bigint | 'default'): void;
  /** The unit restarts once this reply is out. */
  restartAfterReply(): void;
  /** All channels closed while enabled: CHANNEL_DISABLE. */
  channelsChanged(): void;
}

const reply = (...bytes: number[]) => Uint8Array.from(bytes);

export function executeCommand(unit: UnitPorts, data: Uint8Array): Uint8Array {
  const code = data[0]!;
  const args = data.subarray(1);
  const id = unit.identity;
  if (!PRODUCT_COMMANDS[id.product].has(code)) return reply(REPLY.UNKNOWN);
  const none = () => args.length === 0;
  const okIf = (condition: boolean, act: () => void = () => undefined): Uint8Array => {
    if (!condition) return reply(REPLY.WRONG_PARAMETERS);
    act();
    return reply(REPLY.OK);
  };
  switch (code) {
    case CMD.SYNC:
      return reply(REPLY.OK);
    case CMD.RESET:
      return okIf(none(), () => unit.restartAfterReply());
    case CMD.HOST_PROTOCOL_VERSION: {
      if (args.length !== 1) return reply(REPLY.WRONG_PARAMETERS);
      const version = args[0]!;
      if (version < 4 || version > id.maxProtocolVersion) return reply(REPLY.FAIL);
      unit.setProtocolVersion(version);
      return reply(REPLY.OK);
    }
    case CMD.POLL:
      return none() ? unit.poll('poll') : reply(REPLY.WRONG_PARAMETERS);
    case CMD.POLL_WITH_ACK:
      return none() ? unit.poll('poll-with-ack') : reply(REPLY.WRONG_PARAMETERS);
    case CMD.EVENT_ACK:
      return okIf(none(), () => unit.acknowledgeEvents());
    case CMD.GET_SERIAL_NUMBER: {
      if (!none()) return reply(REPLY.WRONG_PARAMETERS);
      const s = id.serialNumber >>> 0;
      return reply(REPLY.OK, s >>> 24, (s >>> 16) & 0xff, (s >>> 8) & 0xff, s & 0xff);
    }
    case CMD.ENABLE:
      return okIf(none(), () => {
        unit.setEnabled(true);
        unit.channelsChanged();
      });
    case CMD.DISABLE:
      return okIf(none(), () => unit.setEnabled(false));
    case CMD.DISPLAY_ON:
      return okIf(none(), () => unit.setDisplay(true));
    case CMD.DISPLAY_OFF:
      return okIf(none(), () => unit.setDisplay(false));
    case CMD.SET_INHIBITS: {
      const most = id.product === 'NV200' ? 4 : 2;
      return okIf(args.length >= 1 && args.length <= most, () => {
        unit.setInhibitMask(args.reduce((mask, byte, i) => mask | (byte << (8 * i)), 0) >>> 0);
        unit.channelsChanged();
      });
    }
    case CMD.SETUP_REQUEST:
      return none() ? setupReply(id, unit.protocolVersion()) : reply(REPLY.WRONG_PARAMETERS);
    case CMD.UNIT_DATA:
      if (!none()) return reply(REPLY.WRONG_PARAMETERS);
      // GA138's UNIT_DATA example sends the value multiplier least significant byte first.
      return reply(
        REPLY.OK,
        0x00,
        ...ascii(id.firmwareShort, 4),
        ...ascii(id.countryCode, 3),
        1,
        0,
        0,
        unit.protocolVersion(),
      );
    case CMD.CHANNEL_VALUE_DATA:
      return none() ? channelValueReply(id, unit.protocolVersion()) : reply(REPLY.WRONG_PARAMETERS);
    case CMD.CHANNEL_SECURITY_DATA:
      return none()
        ? reply(REPLY.OK, id.channelsMajor.length, ...id.channelsMajor.map(() => 2))
        : reply(REPLY.WRONG_PARAMETERS);
    case CMD.LAST_REJECT_CODE:
      return none() ? reply(REPLY.OK, unit.notes.lastRejectCode) : reply(REPLY.WRONG_PARAMETERS);
    case CMD.HOLD:
      // GA138's packet example: FAIL when no note is in escrow (the time-out restart is done for every command).
      if (!none()) return reply(REPLY.WRONG_PARAMETERS);
      return reply(unit.notes.inEscrow ? REPLY.OK : REPLY.FAIL);
    case CMD.REJECT:
      if (!none()) return reply(REPLY.WRONG_PARAMETERS);
      return reply(unit.notes.rejectByHost(unit.now()) ? REPLY.OK : REPLY.CANNOT_PROCESS);
    case CMD.GET_FIRMWARE_VERSION:
      return asciiReply(id.firmwareVersion);
    case CMD.GET_DATASET_VERSION:
      return asciiReply(id.datasetVersion);
    case CMD.GET_BUILD_REVISION:
      return reply(REPLY.OK, 0x00, id.buildRevision & 0xff, (id.buildRevision >> 8) & 0xff);
    case CMD.GET_COUNTERS: {
      const c = unit.counters();
      return reply(REPLY.OK, 5, ...u32le(c.stacked), ...u32le(0), ...u32le(0), ...u32le(0), ...u32le(c.rejected));
    }
    case CMD.RESET_COUNTERS:
      return okIf(none(), () => unit.resetCounters());
    case CMD.SET_GENERATOR:
    case CMD.SET_MODULUS: {
      if (args.length !== 8) return reply(REPLY.WRONG_PARAMETERS);
      const value = readLe64(args);
      const ok = code === CMD.SET_GENERATOR ? unit.keys.setGenerator(value) : unit.keys.setModulus(value);
      return reply(ok ? REPLY.OK : REPLY.OUT_OF_RANGE);
    }
    case CMD.REQUEST_KEY_EXCHANGE: {
      if (args.length !== 8) return reply(REPLY.WRONG_PARAMETERS);
      const answer = unit.keys.exchange(readLe64(args));
      if (answer.kind !== 'ok') return reply(REPLY.FAIL);
      unit.installNegotiatedKey(answer.negotiatedKey);
      return reply(REPLY.OK, ...le64(answer.slaveIntermediate));
    }
    case CMD.SET_FIXED_KEY:
      return okIf(args.length === 8, () => unit.setFixedKey(readLe64(args)));
    case CMD.RESET_FIXED_KEY:
      return okIf(none(), () => {
        unit.setFixedKey('default');
        unit.restartAfterReply();
      });
    default:
      return reply(REPLY.UNKNOWN);
  }
}

function ascii(text: string, length: number): number[] {
  return Array.from({ length }, (_, i) => (text.charCodeAt(i) || 0x20) & 0x7f);
}

function asciiReply(text: string | null): Uint8Array {
  if (text === null) return reply(REPLY.UNKNOWN); // an older firmware without the command
  return reply(REPLY.OK, ...ascii(text, text.length));
}

function u32le(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

function u24be(value: number): number[] {
  return [(value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** Legacy one-byte channel values fit only when every value is below 256; otherwise the multiplier is 0. */
function legacyValues(id: UnitIdentity): { multiplier: number; values: number[] } {
  const fits = id.channelsMajor.every((v) => v <= 255);
  return { multiplier: fits ? 1 : 0, values: id.channelsMajor.map((v) => (fits ? v : 0)) };
}

/** SETUP_REQUEST for a banknote validator, laid out by protocol version (GA138, Banknote Validator). */
export function setupReply(id: UnitIdentity, protocolVersion: number): Uint8Array {
  const n = id.channelsMajor.length;
  const legacy = legacyValues(id);
  const bytes = [
    REPLY.OK,
    0x00,
    ...ascii(id.firmwareShort, 4),
    ...ascii(id.countryCode, 3),
    ...u24be(legacy.multiplier),
    n,
    ...legacy.values,
    ...legacy.values.map(() => (legacy.multiplier > 0 ? 2 : 0)),
    // Sent most significant byte first, as GA973's annotated example (00 00 64 = 100) shows.
    ...u24be(id.realValueMultiplier),
    protocolVersion,
  ];
  if (protocolVersion >= 6) {
    for (let c = 0; c < n; c++) bytes.push(...ascii(id.countryCode, 3));
    for (const value of id.channelsMajor) bytes.push(...u32le(value));
  }
  return Uint8Array.from(bytes);
}

function channelValueReply(id: UnitIdentity, protocolVersion: number): Uint8Array {
  const n = id.channelsMajor.length;
  if (protocolVersion < 6) return reply(REPLY.OK, n, ...legacyValues(id).values);
  const bytes: number[] = [REPLY.OK, n, ...id.channelsMajor.map(() => 0)];
  for (let c = 0; c < n; c++) bytes.push(...ascii(id.countryCode, 3));
  for (const value of id.channelsMajor) bytes.push(...u32le(value));
  return Uint8Array.from(bytes);
}
