/**
 * The coded form of what a device said, for records written before the devices reported codes themselves:
 * journal rows of an older version (device-detail-enrich.ts) and a diagnostics view built without a code.
 * Every device status now carries its own DeviceStatus.detailCode (electron/core/model/device-detail.ts);
 * nothing new is coded here. Each pattern is the exact shape the older drivers wrote; an unknown shape is
 * `detail-as-written`.
 */
import type { AcceptorCondition, DeviceDetail, LinkCause, RngFailureDetail } from '../core/model/device-detail.ts';
import { CONDITION_TEXT, type Condition } from '../devices/bill-acceptor/acceptor-conditions.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const conditionsMatch: Same<Condition, AcceptorCondition> = true;
void conditionsMatch;

const CONDITION_BY_TEXT = new Map<string, AcceptorCondition>(
  Object.entries(CONDITION_TEXT).map(([condition, text]) => [text, condition as AcceptorCondition]),
);
const AS_WRITTEN: DeviceDetail = { code: 'detail-as-written' };

function linkCause(reason: string): LinkCause {
  if (reason.startsWith('device unplugged')) return 'device-unplugged';
  if (reason === 'port closed') return 'port-closed';
  return 'as-written';
}

/** The RNG reader's words after "hardware RNG on <port>: ", or a health-test failure's own words. */
function rngDetail(port: string | null, rest: string): DeviceDetail {
  let m: RegExpExecArray | null;
  if (rest === 'not started' && port) return { code: 'device-not-started', port };
  if (rest === 'stopped') return { code: 'device-stopped', port };
  m = /^connected, start-up test on (\d+) samples$/.exec(rest);
  if (m && port) return { code: 'rng-starting', port, samples: Number(m[1]) };
  m = /^healthy \(start-up test passed on (\d+) samples; continuous RCT\/APT, H = ([\d.]+) bits\/byte\)$/.exec(rest);
  if (m && port) return { code: 'rng-healthy', port, samples: Number(m[1]), bitsPerByte: Number(m[2]) };
  m = /^repetition count test failed: .* cutoff (\d+)$/.exec(rest);
  if (m) return { code: 'rng-repetition-failed', port, cutoff: Number(m[1]) };
  m = /^adaptive proportion test failed: .* in a window of (\d+), cutoff (\d+)$/.exec(rest);
  if (m) return { code: 'rng-proportion-failed', port, cutoff: Number(m[2]), window: Number(m[1]) };
  m = /^stalled: no bytes from the device for (\d+) ms \(limit (\d+) ms\)$/.exec(rest);
  if (m) return { code: 'rng-stalled', port, silentMs: Number(m[1]), limitMs: Number(m[2]) };
  m = /^(.*); retrying in (\d+) ms$/.exec(rest);
  if (m) return { code: 'link-retrying', port, cause: linkCause(m[1]!), retryInMs: Number(m[2]) };
  return AS_WRITTEN;
}

function acceptorDetail(detail: string): DeviceDetail {
  let m: RegExpExecArray | null;
  if (detail === 'no bill acceptor configured') return { code: 'acceptor-not-configured' };
  if (detail === 'stopped') return { code: 'device-stopped', port: null };
  m = /^not started \((.+)\)$/.exec(detail);
  if (m) return { code: 'device-not-started', port: m[1]! };
  m = /^(enabled|disabled) on (.+)$/.exec(detail);
  if (m) return { code: 'acceptor-ready', port: m[2]!, enabled: m[1] === 'enabled' };
  m = /^key exchanged, first poll pending on (.+)$/.exec(detail);
  if (m) return { code: 'acceptor-first-poll', port: m[1]! };
  m = /^no eSSP fixed key is set for (\S+): /.exec(detail);
  if (m) return { code: 'acceptor-no-fixed-key', port: m[1]! };
  m = /^(.*); retrying in (\d+) ms$/.exec(detail);
  if (m) return { code: 'link-retrying', port: null, cause: linkCause(m[1]!), retryInMs: Number(m[2]) };
  const conditions = detail.split('; ').map((text) => CONDITION_BY_TEXT.get(text));
  if (detail !== '' && conditions.every((c) => c !== undefined)) {
    return { code: 'acceptor-conditions', conditions: conditions as AcceptorCondition[] };
  }
  return AS_WRITTEN;
}

/** What a device's status detail says, by device. */
export function deviceDetailOf(device: string, detail: string): DeviceDetail {
  if (detail === 'not reported') return { code: 'not-reported' };
  if (device === 'bill-acceptor') return acceptorDetail(detail);
  if (device === 'rng') {
    if (detail === 'OS entropy only') return { code: 'os-entropy-only' };
    const m = /^hardware RNG on (.+?): (.*)$/.exec(detail);
    return m ? rngDetail(m[1]!, m[2]!) : rngDetail(null, detail);
  }
  return AS_WRITTEN;
}

/** Where the RNG's entropy comes from (RngDiagnostics.source). */
export function rngSourceOf(source: string): DeviceDetail {
  if (source === 'operating system entropy only (no hardware RNG configured)') return { code: 'rng-source-os' };
  const m = /^hardware RNG on (.+), mixed with OS entropy$/.exec(source);
  return m ? { code: 'rng-source-hardware', port: m[1]! } : AS_WRITTEN;
}

/** The RNG's last failure, "<ISO time>: <the health test's words>". */
export function rngFailureOf(lastFailure: string | null): RngFailureDetail | null {
  if (lastFailure === null) return null;
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z): (.*)$/.exec(lastFailure);
  return m ? { at: m[1]!, failure: rngDetail(null, m[2]!) } : { at: '', failure: AS_WRITTEN };
}
