import { describe, expect, it } from 'vitest';
import { readU64le, u64le } from './essp-crypto.ts';
import { HOST_PROTOCOLS, openSession } from './handshake.ts';
import { SspReplyError, SspTimeoutError, type SspMaster } from './ssp-master.ts';
import { Command, Reply, encodeSetupReply } from './ssp-protocol.ts';

const KEY = 0x9a3f04c27e51b8d6n;

/**
 * A master that answers from a table and records each command with whether a session (encryption) was set
 * when it went out — the order and the encryption of the handshake, without a line.
 */
function recordingMaster(
  answer: (code: number, data: Uint8Array) => Uint8Array | 'timeout' | undefined = () => undefined,
) {
  const sent: Array<{ code: number; data: number[]; encrypted: boolean }> = [];
  let modulus = 0n;
  const master = {
    session: null as SspMaster['session'],
    async transact(data: Uint8Array): Promise<Uint8Array> {
      const code = data[0]!;
      sent.push({ code, data: Array.from(data), encrypted: master.session !== null });
      const scripted = answer(code, data);
      if (scripted === 'timeout') throw new SspTimeoutError('no reply');
      if (scripted) return scripted;
      if (code === Command.SET_MODULUS) modulus = readU64le(data, 1);
      if (code === Command.REQUEST_KEY_EXCHANGE) return Uint8Array.from([Reply.OK, ...u64le(modulus - 5n)]);
      if (code === Command.GET_SERIAL_NUMBER) return Uint8Array.of(Reply.OK, 0, 0x29, 0x8a, 0xa6);
      if (code === Command.SETUP_REQUEST) {
        return encodeSetupReply({
          firmware: '0410',
          countryCode: 'EUR',
          channelValuesMajor: [5, 10, 20],
          realValueMultiplier: 100,
          protocolVersion: 7,
        });
      }
      if (code === Command.GET_FIRMWARE_VERSION || code === Command.GET_DATASET_VERSION) {
        return Uint8Array.of(Reply.UNKNOWN_COMMAND);
      }
      return Uint8Array.of(Reply.OK);
    },
    async command(data: Uint8Array): Promise<Uint8Array> {
      const reply = await master.transact(data);
      if (reply[0] !== Reply.OK) throw new SspReplyError(data[0]!, reply[0]!);
      return reply.subarray(1);
    },
  };
  return { master: master as unknown as SspMaster, sent };
}

describe('handshake (docs/protocols/essp.md#handshake, #host-protocol-version)', () => {
  it('sets host protocol 7 encrypted, as the first command after the key exchange', async () => {
    const { master, sent } = recordingMaster();
    const identity = await openSession(master, KEY);
    expect(sent.map((c) => c.code).slice(0, 6)).toEqual([
      Command.SYNC,
      Command.SET_GENERATOR,
      Command.SET_MODULUS,
      Command.REQUEST_KEY_EXCHANGE,
      Command.HOST_PROTOCOL_VERSION,
      Command.GET_SERIAL_NUMBER,
    ]);
    expect(sent.filter((c) => c.code === Command.HOST_PROTOCOL_VERSION)).toEqual([
      { code: Command.HOST_PROTOCOL_VERSION, data: [Command.HOST_PROTOCOL_VERSION, 7], encrypted: true },
    ]);
    expect(identity).toMatchObject({ acceptorId: '2722470', setup: { protocolVersion: 7 } });
  });

  it('asks for 6 when 7 is refused, and refuses a unit that runs neither', async () => {
    const only6 = recordingMaster((code, data) =>
      code === Command.HOST_PROTOCOL_VERSION && data[1] === 7 ? Uint8Array.of(Reply.FAIL) : undefined,
    );
    await openSession(only6.master, KEY);
    expect(only6.sent.filter((c) => c.code === Command.HOST_PROTOCOL_VERSION).map((c) => c.data[1])).toEqual([
      ...HOST_PROTOCOLS,
    ]);
    const neither = recordingMaster((code) =>
      code === Command.HOST_PROTOCOL_VERSION ? Uint8Array.of(Reply.FAIL) : undefined,
    );
    await expect(openSession(neither.master, KEY)).rejects.toMatchObject({
      kind: 'protocol-refused',
      message: /refuses host protocol 7: .*0xF8.*, 6: .*0xF8.*protocol 6 or later/,
    });
    expect(neither.sent.some((c) => c.code === Command.GET_SERIAL_NUMBER)).toBe(false);
  });

  it('no answer to the first encrypted command means the fixed key does not match', async () => {
    const { master } = recordingMaster((code) => (code === Command.HOST_PROTOCOL_VERSION ? 'timeout' : undefined));
    await expect(openSession(master, KEY)).rejects.toMatchObject({
      kind: 'key-mismatch',
      message: /fixed key does not match/,
    });
  });
});
