/**
 * Adds the coded form of a device's words to journal rows written before devices reported codes: such a
 * tilt reason `device-reported` keeps the device's words only inside the row's text (`<kind> from <source>: <device>
 * <health>: <words>`), so they are found there and coded (device-detail-codes.ts) on the way out. The
 * journal itself is never changed.
 */
import type { EventLogEntry } from '../core/model/event-log.ts';
import type { EventMessage, TiltReason, VoidReason } from '../core/model/journal-message.ts';
import type { RoundRecord } from '../core/model/round-record.ts';
import { deviceDetailOf } from './device-detail-codes.ts';

/** The device's words in `text` after "<device> <health>: ", without a trailing " (cleared by …)". */
function deviceWords(text: string, device: string, health: string): string | null {
  const marker = `${device} ${health}: `;
  const start = text.indexOf(marker);
  if (start < 0) return null;
  return text.slice(start + marker.length).replace(/ \(cleared by [a-z-]+\)$/, '');
}

function codedReason(reason: TiltReason, text: string): TiltReason {
  if (reason.code !== 'device-reported' || reason.deviceDetail) return reason;
  const words = deviceWords(text, reason.device, reason.health);
  return words === null ? reason : { ...reason, deviceDetail: deviceDetailOf(reason.device, words) };
}

function codedVoid(reason: VoidReason, text: string): VoidReason {
  return 'reason' in reason ? { ...reason, reason: codedReason(reason.reason, text) } : reason;
}

function codedMessage(message: EventMessage, text: string): EventMessage {
  switch (message.code) {
    case 'fault-raised':
    case 'tilt-raised':
      return { ...message, reason: codedReason(message.reason, text) };
    case 'round-voided':
      return { ...message, reason: codedVoid(message.reason, text) };
    default:
      return message;
  }
}

export function withDeviceDetails(entry: EventLogEntry): EventLogEntry {
  return entry.message ? { ...entry, message: codedMessage(entry.message, entry.detail) } : entry;
}

export function withDeviceDetailsInRound(round: RoundRecord): RoundRecord {
  return round.voidCode && round.voidReason
    ? { ...round, voidCode: codedVoid(round.voidCode, round.voidReason) }
    : round;
}
