import { describe, expect, it } from 'vitest';
import {
  Event,
  Reply,
  describeReply,
  encodeInhibits,
  encodePollEvents,
  encodeSetupReply,
  parsePollReply,
  parseSetupReply,
} from './ssp-protocol.ts';

describe('SSP protocol parsing (docs/protocols/essp.md#commands)', () => {
  it('maps every generic error reply to plain words', () => {
    expect(describeReply(Reply.OK)).toBe('OK');
    for (const code of [0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf8, 0xfa]) {
      expect(describeReply(code)).toMatch(new RegExp(`\\(0x${code.toString(16).toUpperCase()}\\)`));
    }
    expect(describeReply(Reply.KEY_NOT_SET)).toMatch(/key exchange/);
    expect(describeReply(0x42)).toMatch(/unknown reply code 0x42/);
  });

  it('round-trips poll events; an unknown or cut-short event keeps the events read before it', () => {
    const events = [
      { code: Event.READ_NOTE, channel: 0 },
      { code: Event.NOTE_STACKING },
      { code: Event.CREDIT_NOTE, channel: 3 },
    ];
    expect(parsePollReply(encodePollEvents(events))).toEqual({ ok: true, value: { events, unread: null } });
    expect(parsePollReply(Uint8Array.of(Reply.OK, Event.CREDIT_NOTE))).toMatchObject({
      ok: true,
      value: { events: [], unread: { code: Event.CREDIT_NOTE, offset: 1, reason: /missing its data byte/ } },
    });
    // A reset and a credit before an unknown code are whole events: they are kept, the tail is reported.
    expect(parsePollReply(Uint8Array.of(Reply.OK, Event.SLAVE_RESET, Event.CREDIT_NOTE, 2, 0x99, 0xee, 5))).toEqual({
      ok: true,
      value: {
        events: [{ code: Event.SLAVE_RESET }, { code: Event.CREDIT_NOTE, channel: 2 }],
        unread: { code: 0x99, offset: 4, reason: 'unknown poll event 0x99' },
      },
    });
    expect(parsePollReply(Uint8Array.of(Reply.FAIL))).toMatchObject({ ok: false, error: /poll refused/ });
    expect(parsePollReply(new Uint8Array(0))).toMatchObject({ ok: false });
  });

  it('reads every NV9USB / NV200 protocol-7 event with its GA138 data length', () => {
    // GA138 packet examples, DATA after the 0xF0 (docs/protocols/essp.md#poll-events).
    const examples: Array<[number[], object[]]> = [
      [[0xb6], [{ code: Event.INITIALISING }]],
      [[0xb5], [{ code: Event.CHANNEL_DISABLE }]],
      [[0xe0], [{ code: Event.NOTE_PATH_OPEN }]],
      [[0xe5], [{ code: Event.BARCODE_TICKET_VALIDATED }]],
      [[0xd1], [{ code: Event.BARCODE_TICKET_ACK }]],
      [[0xe1, 0x00], [{ code: Event.NOTE_CLEARED_FROM_FRONT, channel: 0 }]],
      [[0xe2, 0x02], [{ code: Event.NOTE_CLEARED_INTO_CASHBOX, channel: 2 }]],
      [[0xe6, 0x02], [{ code: Event.FRAUD_ATTEMPT, channel: 2 }]],
      [[0xa8, 0x08], [{ code: Event.TICKET_PRINTING_ERROR, value: 8 }]],
    ];
    for (const [data, events] of examples) {
      expect(parsePollReply(Uint8Array.from([Reply.OK, ...data]))).toEqual({
        ok: true,
        value: { events, unread: null },
      });
    }
    const printer = [0xa5, 0xa6, 0xa8, 0x07, 0xad, 0xae, 0xaf, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa9, 0xaa, 0xab, 0xac];
    const parsed = parsePollReply(Uint8Array.from([Reply.OK, ...printer, 0xf1]));
    expect(parsed).toMatchObject({ ok: true, value: { unread: null } });
    expect(parsed.ok && parsed.value.events.map((e) => e.code)).toEqual([...printer.filter((b) => b !== 0x07), 0xf1]);
    // 0xA7 has no data size in the sources: it is never guessed, the parse stops there.
    expect(parsePollReply(Uint8Array.of(Reply.OK, 0xeb, 0xa7, 0x00))).toMatchObject({
      ok: true,
      value: { events: [{ code: Event.NOTE_STACKED }], unread: { code: 0xa7, offset: 2 } },
    });
  });

  it('reads the protocol-6+ SETUP_REQUEST layout: expanded values × real value multiplier', () => {
    const reply = encodeSetupReply({
      firmware: '0410',
      countryCode: 'EUR',
      channelValuesMajor: [5, 10, 20, 50, 100, 200, 500],
      realValueMultiplier: 100,
      protocolVersion: 7,
    });
    const parsed = parseSetupReply(reply);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toMatchObject({
      unitType: 0,
      firmware: '0410',
      countryCode: 'EUR',
      protocolVersion: 7,
      channelCount: 7,
      realValueMultiplier: 100,
    });
    expect(parsed.value.channelValuesMinor).toEqual([500, 1000, 2000, 5000, 10000, 20000, 50000]);
    expect(parsed.value.channelCountries).toEqual(Array(7).fill('EUR'));
  });

  it('reads a legacy (protocol < 6) reply from the one-byte values and the multiplier', () => {
    // F0, unit 0, "0300", "GBP", multiplier 100, 3 channels 5/10/20, security, real multiplier 100, protocol 4
    const reply = Uint8Array.from([
      0xf0,
      0x00,
      ...Buffer.from('0300'),
      ...Buffer.from('GBP'),
      0,
      0,
      100,
      3,
      5,
      10,
      20,
      2,
      2,
      2,
      0,
      0,
      100,
      4,
    ]);
    const parsed = parseSetupReply(reply);
    expect(parsed).toMatchObject({ ok: true, value: { protocolVersion: 4, channelValuesMinor: [500, 1000, 2000] } });
  });

  it('refuses short, foreign or damaged SETUP_REQUEST replies with a reason', () => {
    const good = encodeSetupReply({
      firmware: '0410',
      countryCode: 'EUR',
      channelValuesMajor: [5, 10],
      realValueMultiplier: 100,
      protocolVersion: 7,
    });
    expect(parseSetupReply(good.slice(0, good.length - 1))).toMatchObject({
      ok: false,
      error: /expanded channel data/,
    });
    const hopper = Uint8Array.from(good);
    hopper[1] = 0x03;
    expect(parseSetupReply(hopper)).toMatchObject({ ok: false, error: /not a banknote validator/ });
    expect(parseSetupReply(Uint8Array.of(Reply.UNKNOWN_COMMAND))).toMatchObject({ ok: false, error: /refused/ });
    expect(parseSetupReply(Uint8Array.of(Reply.OK, 0))).toMatchObject({ ok: false, error: /too short/ });
  });

  it('sets inhibit bits with channel 1 in the least significant bit', () => {
    expect(Array.from(encodeInhibits([1, 2, 3, 9]))).toEqual([0x02, 0b0000_0111, 0b0000_0001]);
  });
});
