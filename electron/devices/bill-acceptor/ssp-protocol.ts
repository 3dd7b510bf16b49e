/**
 * SSP command codes, generic replies, the poll reply parser (event table: poll-event-table.ts) and the SETUP_REQUEST reply layout for a banknote validator
 * (ITL NV9 / NV200 family). Source of the codes: docs/protocols/essp.md#commands and #poll-events; layout notes below.
 *
 * Everything here is pure: parsing never throws on device input, it returns a typed error instead.
 */

import { CHANNEL_EVENTS, EVENT_TABLE } from './poll-event-table.ts';

export const Command = {
  RESET: 0x01,
  SET_INHIBITS: 0x02,
  SETUP_REQUEST: 0x05,
  HOST_PROTOCOL_VERSION: 0x06,
  POLL: 0x07,
  REJECT: 0x08,
  DISABLE: 0x09,
  ENABLE: 0x0a,
  GET_SERIAL_NUMBER: 0x0c,
  SYNC: 0x11,
  HOLD: 0x18,
  GET_FIRMWARE_VERSION: 0x20,
  GET_DATASET_VERSION: 0x21,
  SET_GENERATOR: 0x4a,
  SET_MODULUS: 0x4b,
  REQUEST_KEY_EXCHANGE: 0x4c,
  POLL_WITH_ACK: 0x56,
  EVENT_ACK: 0x57,
} as const;

export const Reply = {
  OK: 0xf0,
  UNKNOWN_COMMAND: 0xf2,
  WRONG_PARAMETERS: 0xf3,
  OUT_OF_RANGE: 0xf4,
  CANNOT_PROCESS: 0xf5,
  SOFTWARE_ERROR: 0xf6,
  FAIL: 0xf8,
  KEY_NOT_SET: 0xfa,
} as const;

/** Plain-words meaning of each generic reply (docs/protocols/essp.md#generic-replies). */
export function describeReply(code: number): string {
  switch (code) {
    case Reply.OK:
      return 'OK';
    case Reply.UNKNOWN_COMMAND:
      return 'the acceptor does not know this command (0xF2)';
    case Reply.WRONG_PARAMETERS:
      return 'the command had the wrong number of parameters (0xF3)';
    case Reply.OUT_OF_RANGE:
      return 'a parameter was out of range (0xF4)';
    case Reply.CANNOT_PROCESS:
      return 'the acceptor cannot process the command now (0xF5)';
    case Reply.SOFTWARE_ERROR:
      return 'the acceptor reported a software error (0xF6)';
    case Reply.FAIL:
      return 'the command failed (0xF8)';
    case Reply.KEY_NOT_SET:
      return 'the encryption key is not set: the acceptor needs a key exchange (0xFA)';
    default:
      return `unknown reply code 0x${code.toString(16).padStart(2, '0')}`;
  }
}

export { Event, eventName } from './poll-event-table.ts';

export interface PollEvent {
  readonly code: number;
  /** The data byte of a one-byte event: the channel of READ_NOTE, CREDIT_NOTE, FRAUD_ATTEMPT, 0xE1 and 0xE2. */
  readonly channel?: number;
  /** The data byte of any other one-byte event (0xA8: the printer's error code). */
  readonly value?: number;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Where a poll reply stopped being readable: an unknown code, or an event cut short. */
export interface UnreadTail {
  readonly code: number;
  /** Byte offset of the code in the reply (0 is the 0xF0). */
  readonly offset: number;
  readonly reason: string;
}

export interface PollEvents {
  /** The events read, in order: everything before an unreadable code. */
  readonly events: PollEvent[];
  /** null when the whole reply was read. */
  readonly unread: UnreadTail | null;
}

/**
 * Parses the reply to POLL / POLL_WITH_ACK: `0xF0` then events, each a code and its data
 * (poll-event-table.ts). A code whose length is unknown ends the parse: nothing after it can be read, but the
 * events before it were whole and are kept (a reset, an escrow or a credit must not be thrown away with it).
 * The caller reports the unread tail; lengths are never guessed.
 */
export function parsePollReply(data: Uint8Array): Parsed<PollEvents> {
  if (data.length < 1) return { ok: false, error: 'empty poll reply' };
  if (data[0] !== Reply.OK) return { ok: false, error: `poll refused: ${describeReply(data[0]!)}` };
  const events: PollEvent[] = [];
  let i = 1;
  while (i < data.length) {
    const code = data[i]!;
    const spec = EVENT_TABLE.get(code);
    const hex = `0x${code.toString(16).padStart(2, '0')}`;
    if (!spec) {
      return { ok: true, value: { events, unread: { code, offset: i, reason: `unknown poll event ${hex}` } } };
    }
    if (i + spec.data >= data.length) {
      const reason = `event ${hex} is missing its data byte`;
      return { ok: true, value: { events, unread: { code, offset: i, reason } } };
    }
    if (spec.data === 0) events.push({ code });
    else if (CHANNEL_EVENTS.has(code)) events.push({ code, channel: data[i + 1]! });
    else events.push({ code, value: data[i + 1]! });
    i += 1 + spec.data;
  }
  return { ok: true, value: { events, unread: null } };
}

export function encodePollEvents(events: readonly PollEvent[]): Uint8Array {
  const out: number[] = [Reply.OK];
  for (const event of events) {
    out.push(event.code);
    if (EVENT_TABLE.get(event.code)?.data === 1) out.push(event.channel ?? event.value ?? 0);
  }
  return Uint8Array.from(out);
}

/**
 * SETUP_REQUEST (0x05) reply of a banknote validator, offsets after the 0xF0 byte:
 *
 *   [0]            unit type (0x00 = banknote validator)
 *   [1..4]         firmware version, 4 ASCII digits ("0410" = 4.10)
 *   [5..7]         country code, 3 ASCII letters
 *   [8..10]        value multiplier, 24-bit big-endian (0 in protocol ≥ 6 datasets: use the expanded values)
 *   [11]           number of channels n
 *   [12..11+n]     channel values, 1 byte each (legacy)
 *   [12+n..11+2n]  channel security levels, 1 byte each (obsolete)
 *   [12+2n..14+2n] real value multiplier, 24-bit big-endian (e.g. 100 for EUR: 5 × 100 = 500 cents)
 *   [15+2n]        protocol version
 *   — protocol version ≥ 6 only —
 *   [16+2n..15+5n] country code per channel, 3 ASCII letters each
 *   [16+5n..15+9n] channel value per channel, 32-bit little-endian each
 *
 * This is the layout used by the public open implementations we checked (a Rust crate and two JS/Java hosts);
 * they disagree on the byte order of the 3-byte real value multiplier, we read it big-endian like the widely
 * used JS host and our emulator writes it the same way. A channel's value in minor units is
 * (expanded value × real value multiplier) for protocol ≥ 6, else (legacy value × value multiplier).
 */
export interface SetupInfo {
  readonly unitType: number;
  readonly firmware: string;
  readonly countryCode: string;
  readonly valueMultiplier: number;
  readonly realValueMultiplier: number;
  readonly protocolVersion: number;
  readonly channelCount: number;
  /** Index 0 = channel 1. Values in minor units of the channel's currency. */
  readonly channelValuesMinor: readonly number[];
  readonly channelCountries: readonly string[];
}

const ASCII = /^[\x20-\x7e]*$/;

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function u24be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
}

export function parseSetupReply(data: Uint8Array): Parsed<SetupInfo> {
  if (data.length < 1) return { ok: false, error: 'empty SETUP_REQUEST reply' };
  if (data[0] !== Reply.OK) return { ok: false, error: `SETUP_REQUEST refused: ${describeReply(data[0]!)}` };
  const p = data.subarray(1);
  if (p.length < 12) return { ok: false, error: `SETUP_REQUEST reply too short (${p.length} bytes)` };
  const unitType = p[0]!;
  if (unitType !== 0x00)
    return { ok: false, error: `unit type 0x${unitType.toString(16)} is not a banknote validator` };
  const firmware = ascii(p.subarray(1, 5));
  const countryCode = ascii(p.subarray(5, 8));
  if (!ASCII.test(firmware) || !/^[A-Z]{3}$/.test(countryCode)) {
    return { ok: false, error: 'SETUP_REQUEST reply has a non-ASCII firmware version or country code' };
  }
  const valueMultiplier = u24be(p, 8);
  const n = p[11]!;
  if (n < 1 || n > 16) return { ok: false, error: `channel count ${n} is outside 1..16` };
  const baseLength = 16 + 2 * n;
  if (p.length < baseLength) return { ok: false, error: `SETUP_REQUEST reply too short for ${n} channels` };
  const legacyValues = Array.from(p.subarray(12, 12 + n));
  const realValueMultiplier = u24be(p, 12 + 2 * n);
  const protocolVersion = p[15 + 2 * n]!;
  let channelValuesMinor: number[];
  let channelCountries: string[];
  if (protocolVersion >= 6) {
    const expandedLength = 16 + 9 * n;
    if (p.length < expandedLength) {
      return {
        ok: false,
        error: `protocol ${protocolVersion} reply lacks the expanded channel data for ${n} channels`,
      };
    }
    channelCountries = [];
    channelValuesMinor = [];
    const view = new DataView(p.buffer, p.byteOffset, p.byteLength);
    for (let c = 0; c < n; c++) {
      const country = ascii(p.subarray(16 + 2 * n + 3 * c, 19 + 2 * n + 3 * c));
      if (!/^[A-Z]{3}$/.test(country)) return { ok: false, error: `channel ${c + 1} has a bad country code` };
      channelCountries.push(country);
      channelValuesMinor.push(view.getUint32(16 + 5 * n + 4 * c, true) * realValueMultiplier);
    }
  } else {
    channelCountries = legacyValues.map(() => countryCode);
    channelValuesMinor = legacyValues.map((v) => v * (valueMultiplier || realValueMultiplier));
  }
  if (channelValuesMinor.some((v) => !Number.isSafeInteger(v) || v < 0)) {
    return { ok: false, error: 'channel values are not safe integers' };
  }
  return {
    ok: true,
    value: {
      unitType,
      firmware,
      countryCode,
      valueMultiplier,
      realValueMultiplier,
      protocolVersion,
      channelCount: n,
      channelValuesMinor,
      channelCountries,
    },
  };
}

/** Builds a protocol-6 SETUP_REQUEST reply (used by the emulator and tests). Values in major units × 100. */
export function encodeSetupReply(info: {
  firmware: string;
  countryCode: string;
  channelValuesMajor: readonly number[];
  realValueMultiplier: number;
  protocolVersion: number;
}): Uint8Array {
  const n = info.channelValuesMajor.length;
  const out: number[] = [Reply.OK, 0x00];
  for (const ch of info.firmware.padEnd(4, '0').slice(0, 4)) out.push(ch.charCodeAt(0));
  for (const ch of info.countryCode) out.push(ch.charCodeAt(0));
  out.push(0, 0, 0); // value multiplier 0: use the expanded values
  out.push(n);
  for (const v of info.channelValuesMajor) out.push(v <= 255 ? v : 0);
  for (let c = 0; c < n; c++) out.push(2); // security (obsolete)
  const m = info.realValueMultiplier;
  out.push((m >> 16) & 0xff, (m >> 8) & 0xff, m & 0xff);
  out.push(info.protocolVersion);
  for (let c = 0; c < n; c++) for (const ch of info.countryCode) out.push(ch.charCodeAt(0));
  for (const v of info.channelValuesMajor) out.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  return Uint8Array.from(out);
}

/** SET_INHIBITS data: two bytes, bit c-1 set = channel c enabled (LSB = channel 1). */
export function encodeInhibits(enabledChannels: readonly number[]): Uint8Array {
  let mask = 0;
  for (const c of enabledChannels) mask |= 1 << (c - 1);
  return Uint8Array.of(Command.SET_INHIBITS, mask & 0xff, (mask >> 8) & 0xff);
}
