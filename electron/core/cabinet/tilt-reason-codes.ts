/**
 * The coded form of a tilt's reason (docs/cabinet-rules.md#door-and-tilt). A fault arrives at the cabinet
 * as words (`raiseFault(kind, source, reason)`, a device status); the cabinet finds here what kind of
 * reason it is and keeps the words as the reason's original text. Each pattern is the exact shape its
 * writer produces; anything else is `reason-as-written`.
 */
import { DAMAGE_PROOFS, type DamageProof, type ReportedHealth, type TiltReason } from '../model/journal-message.ts';

const HEALTHS = new Set<string>(['connected', 'healthy', 'fault', 'disconnected', 'not-configured']);
const PROOFS = new Set<string>(DAMAGE_PROOFS);

export function tiltReasonOf(source: string, reason: string): TiltReason {
  // faults.ts reportDevice: "<device> <health>: <the device's own words>"
  const reported = /^(\S+) (\S+): /.exec(reason);
  if (reported && reported[1] === source && HEALTHS.has(reported[2]!)) {
    return { code: 'device-reported', device: source, health: reported[2] as ReportedHealth };
  }
  if (reason.startsWith('RNG failure during the deal: ')) return { code: 'rng-deal-failure' };
  const notReady = /^not healthy (\d+) ms after start-up \((\S+): /.exec(reason);
  if (notReady && HEALTHS.has(notReady[2]!)) {
    return { code: 'rng-not-ready', waitedMs: Number(notReady[1]), health: notReady[2] as ReportedHealth };
  }
  if (reason === 'the cabinet door is open') return { code: 'door-is-open' };
  const handpay = /^handpay of (\d+)\.(\d{2}) waits for an attendant$/.exec(reason);
  if (handpay) return { code: 'handpay-waiting', amountMinor: Number(handpay[1]) * 100 + Number(handpay[2]) };
  if (reason.startsWith('critical memory has no good copy')) return { code: 'memory-no-good-copy' };
  // journal-quarantine.ts describeQuarantine: "journal damaged (<check> check failed, proof <proof>: …; kept as <file> (SHA-256 …"
  const damaged = /^journal damaged \(\S+ check failed, proof (\S+): [\s\S]*; kept as (\S+) \(SHA-256 /.exec(reason);
  if (damaged && PROOFS.has(damaged[1]!)) {
    return { code: 'journal-damaged', proof: damaged[1] as DamageProof, damagedFile: damaged[2]! };
  }
  return { code: 'reason-as-written' };
}
