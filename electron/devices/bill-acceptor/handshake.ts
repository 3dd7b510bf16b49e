/**
 * The commands that set an acceptor up (docs/protocols/essp.md#handshake): SYNC, HOST_PROTOCOL_VERSION 7
 * (ignored if refused), the eSSP key exchange (docs/protocols/essp.md#key-exchange), GET_SERIAL_NUMBER (the
 * first encrypted command: no answer means the fixed key does not match), SETUP_REQUEST, GET_FIRMWARE_VERSION
 * and GET_DATASET_VERSION (for the diagnostics; a unit that does not know them answers 0xF2 and the fields stay
 * unknown); then SET_INHIBITS and DISABLE; later ENABLE / DISABLE as the enable policy changes. The order is the current driver's; the
 * protocol document says where it is going.
 */
import {
  DhParty,
  EncryptionError,
  EsspSession,
  aesKey,
  generateDhParameters,
  readU64le,
  u64le,
} from './essp-crypto.ts';
import { SspReplyError, SspTimeoutError, type SspMaster } from './ssp-master.ts';
import { Command, Reply, encodeInhibits, parseSetupReply, type SetupInfo } from './ssp-protocol.ts';

export interface AcceptorIdentity {
  /** The serial number, in decimal ('unknown' if the reply is short): part of every note's event key. */
  readonly acceptorId: string;
  readonly setup: SetupInfo;
  /** The full firmware version text (GET_FIRMWARE_VERSION), or null when the unit does not answer it. */
  readonly firmwareVersion: string | null;
  /** The dataset (currency table) version text (GET_DATASET_VERSION), or null. */
  readonly datasetVersion: string | null;
}

/** A reply of printable ASCII, trimmed of padding; null for a refusal (0xF2 on older units) or an empty reply. */
async function askText(master: SspMaster, command: number): Promise<string | null> {
  try {
    const reply = await master.command(Uint8Array.of(command));
    const text = String.fromCharCode(...reply.filter((b) => b >= 0x20 && b < 0x7f)).trim();
    return text === '' ? null : text;
  } catch (error) {
    if (error instanceof SspReplyError) return null;
    throw error;
  }
}

/** SYNC, protocol version, key exchange, serial number and SETUP_REQUEST; the master is encrypted afterwards. */
export async function openSession(master: SspMaster, fixedKey: bigint): Promise<AcceptorIdentity> {
  master.session = null;
  await master.command(Uint8Array.of(Command.SYNC));
  await master.command(Uint8Array.of(Command.HOST_PROTOCOL_VERSION, 7)).catch((error: unknown) => {
    if (!(error instanceof SspReplyError)) throw error; // older firmware: stays on its own protocol level
  });
  const params = generateDhParameters();
  await master.command(Uint8Array.from([Command.SET_GENERATOR, ...u64le(params.generator)]));
  await master.command(Uint8Array.from([Command.SET_MODULUS, ...u64le(params.modulus)]));
  const host = new DhParty(params);
  const reply = await master.command(Uint8Array.from([Command.REQUEST_KEY_EXCHANGE, ...u64le(host.intermediate)]));
  if (reply.length !== 8) throw new EncryptionError(`key exchange reply has ${reply.length} bytes, expected 8`);
  master.session = new EsspSession(aesKey(fixedKey, host.negotiated(readU64le(reply))));
  const serial = await master.command(Uint8Array.of(Command.GET_SERIAL_NUMBER)).catch((error: unknown) => {
    if (error instanceof SspTimeoutError) {
      // The acceptor answered in clear but not to the first encrypted command: it could not decrypt it.
      throw new EncryptionError(
        'the acceptor does not answer encrypted commands: check that the eSSP fixed key matches the one set on the acceptor',
      );
    }
    throw error;
  });
  const acceptorId =
    serial.length >= 4 ? String(new DataView(serial.buffer, serial.byteOffset).getUint32(0, false)) : 'unknown';
  const setup = parseSetupReply(
    Uint8Array.from([Reply.OK, ...(await master.command(Uint8Array.of(Command.SETUP_REQUEST)))]),
  );
  if (!setup.ok) throw new Error(`SETUP_REQUEST: ${setup.error}`);
  const firmwareVersion = await askText(master, Command.GET_FIRMWARE_VERSION);
  const datasetVersion = await askText(master, Command.GET_DATASET_VERSION);
  return { acceptorId, setup: setup.value, firmwareVersion, datasetVersion };
}

/** SET_INHIBITS with the accepted channels, then DISABLE: the acceptor waits for the enable policy. */
export async function configureChannels(master: SspMaster, channels: readonly number[]): Promise<void> {
  await master.command(encodeInhibits(channels));
  await master.command(Uint8Array.of(Command.DISABLE));
}

/** ENABLE or DISABLE. */
export async function setEnabled(master: Pick<SspMaster, 'command'>, enabled: boolean): Promise<void> {
  await master.command(Uint8Array.of(enabled ? Command.ENABLE : Command.DISABLE));
}

/** The 'setup' line for the event log. */
export function describeSetup(identity: AcceptorIdentity, accepted: readonly number[]): string {
  const { acceptorId, setup } = identity;
  return (
    `acceptor ${acceptorId}, firmware ${identity.firmwareVersion ?? setup.firmware}, ` +
    `dataset ${identity.datasetVersion ?? 'unknown'}, protocol ${setup.protocolVersion}, ` +
    `channels ${setup.channelValuesMinor.map((v, i) => `${i + 1}=${v} ${setup.channelCountries[i]}`).join(' ')}; ` +
    `accepting ${accepted.join(',') || 'none'}`
  );
}
