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

  it('round-trips poll events and refuses unknown or truncated events as a whole', () => {
    const events = [
      { code: Event.READ_NOTE, channel: 0 },
      { code: Event.NOTE_STACKING },
      { code: Event.CREDIT_NOTE, channel: 3 },
    ];
    const parsed = parsePollReply(encodePollEvents(events));
    expect(parsed).toEqual({ ok: true, value: events });
    expect(parsePollReply(Uint8Array.of(Reply.OK, Event.CREDIT_NOTE))).toMatchObject({
      ok: false,
      error: /channel byte/,
    });
    expect(parsePollReply(Uint8Array.of(Reply.OK, Event.CREDIT_NOTE, 2, 0x99))).toMatchObject({
      ok: false,
      error: /unknown poll event 0x99/,
    });
    expect(parsePollReply(Uint8Array.of(Reply.FAIL))).toMatchObject({ ok: false, error: /poll refused/ });
    expect(parsePollReply(new Uint8Array(0))).toMatchObject({ ok: false });
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
