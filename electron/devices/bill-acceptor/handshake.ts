/**
 * The commands that set an acceptor up (docs/protocols/essp.md#handshake): SYNC, the eSSP key exchange
 * (docs/protocols/essp.md#key-exchange), then encrypted: HOST_PROTOCOL_VERSION 7 (else 6; GA973 §6.3.1 wants it
 * first after the key exchange), GET_SERIAL_NUMBER, SETUP_REQUEST, GET_FIRMWARE_VERSION and GET_DATASET_VERSION
 * (for the diagnostics; a unit that does not know them answers 0xF2 and the fields stay unknown); then
 * SET_INHIBITS and DISABLE; later ENABLE / DISABLE as the enable policy changes.
 *
 * Refusals (unit-refusal.ts): no answer to the first encrypted command, or an answer that does not decrypt,
 * means the fixed key does not match; a unit that refuses protocol 7 and 6, or whose SETUP_REQUEST says it runs
 * below 6, is refused: below 6 the channel values are the legacy one-byte ones in major units, so a note would
 * credit a hundredth of its value.
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
import { Command, Reply, describeReply, encodeInhibits, parseSetupReply, type SetupInfo } from './ssp-protocol.ts';
import { UnitRefusedError } from './unit-refusal.ts';

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

/** The host protocol versions the driver runs, best first (docs/protocols/essp.md#host-protocol-version). */
export const HOST_PROTOCOLS = [7, 6] as const;

/** SYNC, key exchange, protocol version, serial number and SETUP_REQUEST; the master is encrypted afterwards. */
export async function openSession(master: SspMaster, fixedKey: bigint): Promise<AcceptorIdentity> {
  master.session = null;
  await master.command(Uint8Array.of(Command.SYNC));
  const params = generateDhParameters();
  await master.command(Uint8Array.from([Command.SET_GENERATOR, ...u64le(params.generator)]));
  await master.command(Uint8Array.from([Command.SET_MODULUS, ...u64le(params.modulus)]));
  const host = new DhParty(params);
  const reply = await master.command(Uint8Array.from([Command.REQUEST_KEY_EXCHANGE, ...u64le(host.intermediate)]));
  if (reply.length !== 8) throw new EncryptionError(`key exchange reply has ${reply.length} bytes, expected 8`);
  master.session = new EsspSession(aesKey(fixedKey, host.negotiated(readU64le(reply))), 'host');
  const protocol = await setHostProtocol(master);
  const serial = await master.command(Uint8Array.of(Command.GET_SERIAL_NUMBER));
  const acceptorId =
    serial.length >= 4 ? String(new DataView(serial.buffer, serial.byteOffset).getUint32(0, false)) : 'unknown';
  const setup = parseSetupReply(
    Uint8Array.from([Reply.OK, ...(await master.command(Uint8Array.of(Command.SETUP_REQUEST)))]),
  );
  if (!setup.ok) throw new Error(`SETUP_REQUEST: ${setup.error}`);
  if (setup.value.protocolVersion < 6) {
    throw new UnitRefusedError(
      'protocol-refused',
      `the bill acceptor accepted host protocol ${protocol} but its SETUP_REQUEST says protocol ` +
        `${setup.value.protocolVersion}; below 6 a note would credit a hundredth of its value: update its firmware`,
    );
  }
  const firmwareVersion = await askText(master, Command.GET_FIRMWARE_VERSION);
  const datasetVersion = await askText(master, Command.GET_DATASET_VERSION);
  return { acceptorId, setup: setup.value, firmwareVersion, datasetVersion };
}

/**
 * The first encrypted command. No answer, one that does not decrypt, or 0xFA KEY NOT SET right after a key
 * exchange the unit accepted means the unit could not decrypt ours: the fixed key differs
 * (docs/protocols/essp.md#refused-units). A refusal of 7 tries 6; a refusal of both refuses the unit.
 */
async function setHostProtocol(master: SspMaster): Promise<number> {
  const refusals: string[] = [];
  for (const version of HOST_PROTOCOLS) {
    let reply: Uint8Array;
    try {
      reply = await master.transact(Uint8Array.of(Command.HOST_PROTOCOL_VERSION, version));
    } catch (error) {
      if (refusals.length === 0 && (error instanceof SspTimeoutError || error instanceof EncryptionError)) {
        throw new UnitRefusedError(
          'key-mismatch',
          'the bill acceptor does not answer encrypted commands: the eSSP fixed key does not match the one set ' +
            `on the acceptor (${error.message})`,
        );
      }
      throw error;
    }
    if (reply[0] === Reply.OK) return version;
    if (reply[0] === Reply.KEY_NOT_SET) {
      throw new UnitRefusedError(
        'key-mismatch',
        'the bill acceptor answers 0xFA (key not set) to the first encrypted command after a key exchange: the ' +
          'eSSP fixed key does not match the one set on the acceptor',
      );
    }
    refusals.push(`${version}: ${describeReply(reply[0] ?? 0)}`);
  }
  throw new UnitRefusedError(
    'protocol-refused',
    `the bill acceptor refuses host protocol ${refusals.join(', ')}; it needs protocol 6 or later: update its firmware`,
  );
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
