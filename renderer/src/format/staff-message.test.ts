/**
 * Every code main sends to the staff menu has its words in every language, and every parameter it carries
 * is used: a sample of each code is worded in en, sv, de, fi, nl and cs and must leave no placeholder, no
 * key path and no English word of main's (docs/cabinet-rules.md#operator-menu-and-key-switch).
 * Over 400 lines: one sample of every code is the point, and the samples are most of the file.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { REPLAY_DIFFERENCE_CODES, type ReplayDifference } from '../../../electron/core/engine/replay.ts';
import {
  ACCEPTOR_CONDITIONS,
  DEVICE_DETAIL_CODES,
  ID003_ACCEPTOR_CONDITIONS,
  LINK_CAUSES,
  PORT_KINDS,
  type DeviceDetail,
} from '../../../electron/core/model/device-detail.ts';
import {
  CLEAR_CAUSES,
  CRASH_KINDS,
  EVENT_MESSAGE_CODES,
  SIGN_OUT_WHYS,
  TILT_REASON_CODES,
  VOID_REASON_CODES,
  STORAGE_STAGES,
  DAMAGE_PROOFS,
  CRITICAL_COPY_PROBLEMS,
  HANDPAY_ORIGINS,
  MEMORY_CHECKS,
  type EventMessage,
  type TiltReason,
  type VoidReason,
} from '../../../electron/core/model/journal-message.ts';
import type { TiltClearance, TiltKind } from '../../../electron/core/model/tilt.ts';
import { ARCHIVE_PROBLEM_CODES, type ArchiveProblem } from '../../../electron/core/model/journal-archive.ts';
import { RECORD_PROBLEM_CODES, type RecordProblem } from '../../../electron/core/model/record-check.ts';
import { STADIUM_FAULT_CAUSES, STADIUM_VOID_CAUSES } from '../../../electron/core/model/stadium-terminal.ts';
import { LOCALES, messages, type Locale } from '../i18n/index.ts';
import { formatMoney } from './money.ts';
import {
  deviceDetailText,
  eventText,
  variantOf,
  replayDifferenceText,
  tiltReasonText,
  voidReasonText,
  type Translator,
} from './staff-message.ts';

type Samples<U extends { code: string }> = { readonly [C in U['code']]: Extract<U, { code: C }> };

const REASON: TiltReason = {
  code: 'device-reported',
  device: 'bill-acceptor',
  health: 'fault',
  deviceDetail: { code: 'acceptor-conditions', conditions: ['stacker-full'] },
};
const AT = '2026-12-01T03:04:05.000Z';

const TILT_REASONS: Samples<TiltReason> = {
  'device-reported': REASON as Extract<TiltReason, { code: 'device-reported' }>,
  'rng-deal-failure': { code: 'rng-deal-failure' },
  'rng-not-ready': {
    code: 'rng-not-ready',
    waitedMs: 3000,
    health: 'connected',
    deviceDetail: { code: 'rng-starting', port: '/dev/ttyACM0', samples: 1024 },
  },
  'door-is-open': { code: 'door-is-open' },
  'handpay-waiting': { code: 'handpay-waiting', amountMinor: 125_000 },
  'memory-no-good-copy': { code: 'memory-no-good-copy' },
  'storage-error': { code: 'storage-error', stage: 'bill', sqlite: 'SQLITE_FULL' },
  'copy-write-failed': { code: 'copy-write-failed', errno: 'ENOSPC' },
  'journal-damaged': {
    code: 'journal-damaged',
    proof: 'integrity-check',
    damagedFile: 'journal.sqlite.damaged-20261201T134005123Z',
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  },
  'journal-behind-copy': {
    code: 'journal-behind-copy',
    copyFile: '/var/lib/baccarat/journal.sqlite.critical',
    copySeq: 42,
    copyCreditsMinor: 7_000,
    journalSeq: 40,
    journalCreditsMinor: 5_000,
  },
  'record-chain-broken': { code: 'record-chain-broken', table: 'rounds', rowId: 17, check: 'before-round' },
  'program-crash': { code: 'program-crash', crash: 'unhandled-rejection', error: 'RangeError' },
  'stadium-stream-fault': {
    code: 'stadium-stream-fault',
    fault: 'round-gap',
    tableId: 'T1',
    round: 9,
    lastRound: 7,
  },
};
const VOID_REASONS: Samples<VoidReason> = {
  'power-lost': { code: 'power-lost', status: 'dealt' },
  'rng-fault': { code: 'rng-fault', source: 'rng', reason: { code: 'rng-deal-failure' } },
  'device-fault': { code: 'device-fault', device: 'bill-acceptor', reason: REASON },
  'memory-error': { code: 'memory-error', source: 'critical-memory', reason: { code: 'memory-no-good-copy' } },
  'ram-clear': { code: 'ram-clear' },
  'storage-error': { code: 'storage-error', stage: 'settle', sqlite: 'SQLITE_IOERR' },
  'stadium-void': { code: 'stadium-void', tableId: 'T1', tableRound: 8, voidCause: 'result-timeout' },
  'stadium-fault': { code: 'stadium-fault', tableId: 'T1', tableRound: 8, fault: 'outcome-mismatch' },
};
const EVENTS: Samples<EventMessage> = {
  'door-opened': { code: 'door-opened' },
  'door-closed': { code: 'door-closed' },
  'fault-raised': { code: 'fault-raised', tilt: 'device-fault', source: 'bill-acceptor', reason: REASON },
  'tilt-raised': {
    code: 'tilt-raised',
    tilt: 'rng-fault',
    source: 'rng',
    reason: { code: 'rng-deal-failure' },
    clearance: 'device-healthy',
  },
  'tilt-cleared': {
    code: 'tilt-cleared',
    tilt: 'door-open',
    source: null,
    cause: 'staff',
    role: 'attendant',
    deviceDetail: null,
  },
  'round-voided': { code: 'round-voided', roundId: 42, refundMinor: 600, reason: VOID_REASONS['power-lost'] },
  'handpay-created': { code: 'handpay-created', handpayId: 3, amountMinor: 125_000, origin: 'cash-out' },
  'handpay-paid': { code: 'handpay-paid', role: 'technician', handpayIds: [3, 4], totalMinor: 130_000 },
  'ram-cleared': {
    code: 'ram-cleared',
    creditsRemovedMinor: 2_500,
    roundsVoided: 1,
    metersKept: true,
    verifiedLedgerId: 12,
    chainAgrees: true,
    damagedFile: null,
    damagedOwedMinor: null,
    damagedLedgerRows: null,
    damagedUnreadableSpots: null,
    damagedExportFile: null,
    damagedLastBalanceMinor: null,
    damagedCopyCreditsMinor: null,
  },
  'power-up': { code: 'power-up', count: 12, schema: 5 },
  'power-up-memory-error': { code: 'power-up-memory-error' },
  shutdown: { code: 'shutdown' },
  'process-crash': {
    code: 'process-crash',
    crash: 'unhandled-rejection',
    error: 'TypeError',
    recordedAtStart: true,
    crashedAt: AT,
  },
  'memory-initialised': { code: 'memory-initialised' },
  'memory-copy-rebuilt': {
    code: 'memory-copy-rebuilt',
    copy: 'b',
    from: 'a',
    copyProblem: 'checksum-mismatch',
    during: 'before-round',
  },
  'memory-copy-file-rebuilt': {
    code: 'memory-copy-file-rebuilt',
    copyFile: '/var/lib/baccarat/journal.sqlite.critical',
    problem: 'unreadable',
    osCode: 'EIO',
  },
  'memory-copy-file-behind': { code: 'memory-copy-file-behind', commitsBehind: 2 },
  'bill-credited-anomaly': {
    code: 'bill-credited-anomaly',
    valueMinor: 5_000,
    channel: 3,
    eventKey: 'essp-credit-17',
    warnings: ['channel-value-differs', 'stacked-while-tilted'],
  },
  'config-changed': {
    code: 'config-changed',
    hash: '0123456789abcdef',
    installed: false,
    fields: ['limits.tableMaxMinor', 'demoMode'],
  },
  'config-kept-at-start': { code: 'config-kept-at-start', fields: ['currency.code', 'demoMode'] },
  'roads-reset': { code: 'roads-reset', afterRoundId: 41 },
  'staff-signed-in': { code: 'staff-signed-in', role: 'attendant' },
  'staff-pin-set': { code: 'staff-pin-set', role: 'technician' },
  'staff-pin-provisioned': { code: 'staff-pin-provisioned', role: 'technician' },
  'staff-pin-set-by-test': { code: 'staff-pin-set-by-test', role: 'attendant' },
  'staff-signed-out': { code: 'staff-signed-out', role: 'technician', why: 'idle', idleS: 300, by: null },
  'staff-sign-in-refused': { code: 'staff-sign-in-refused', role: 'attendant', until: AT },
  'staff-wrong-pin': { code: 'staff-wrong-pin', role: 'attendant', failures: 2 },
  'staff-locked-out': { code: 'staff-locked-out', role: 'attendant', failures: 5, until: AT },
  'key-switch': { code: 'key-switch', on: true },
  'storage-test-write': { code: 'storage-test-write' },
  'copy-rewritten': { code: 'copy-rewritten' },
  'journal-archived': {
    code: 'journal-archived',
    rounds: 500,
    events: 1000,
    throughRoundId: 500,
    throughEventId: 1000,
    resumed: false,
  },
  'journal-archive-set-aside': {
    code: 'journal-archive-set-aside',
    keptAs: '/var/lib/baccarat/journal.sqlite.archive.set-aside-20261201T100000000Z',
    problem: { code: 'archive-unreadable', error: 'SQLITE_NOTADB' },
  },
  'journal-archive-blocked': {
    code: 'journal-archive-blocked',
    table: 'rounds',
    rowId: 17,
    problem: { code: 'digest-mismatch' },
  },
  'journal-archive-failed': {
    code: 'journal-archive-failed',
    problem: { code: 'archive-write-failed', error: 'SQLITE_FULL' },
  },
  'stadium-result-late': { code: 'stadium-result-late', tableId: 'T1', tableRound: 8, roundId: 31 },
  'session-started': {
    code: 'session-started',
    billsInBeforeMinor: 12_000,
    wageredBeforeMinor: 48_500,
    realityCheckMinutes: 30,
    lossLimitMinor: 20_000,
    timeLimitMinutes: 120,
  },
  'session-ended': { code: 'session-ended', cashedOut: true, minutes: 47, totalBetMinor: 9_300, netMinor: -2_150 },
  'reality-check-shown': { code: 'reality-check-shown', minutes: 30, totalBetMinor: 6_100, netMinor: -1_250 },
  'reality-check-answered': { code: 'reality-check-answered', cashOut: false, minutes: 31 },
  'session-loss-limit-reached': {
    code: 'session-loss-limit-reached',
    lossMinor: 20_000,
    limitMinor: 20_000,
    minutes: 52,
  },
  'session-time-limit-reached': {
    code: 'session-time-limit-reached',
    minutes: 120,
    limitMinutes: 120,
    netMinor: 3_400,
  },
};
const RECORD_PROBLEMS: Samples<RecordProblem> = {
  'digest-mismatch': { code: 'digest-mismatch' },
  'digest-missing': { code: 'digest-missing' },
  'column-unreadable': { code: 'column-unreadable', column: 'cards_json' },
  'key-missing': { code: 'key-missing' },
  'key-replaced': { code: 'key-replaced' },
  'checkpoint-missing': { code: 'checkpoint-missing', chain: 'ledger' },
  'checkpoint-damaged': { code: 'checkpoint-damaged', chain: 'events' },
  'verified-row-missing': { code: 'verified-row-missing' },
  'checkpoint-digest-differs': { code: 'checkpoint-digest-differs' },
  'archive-cut-damaged': { code: 'archive-cut-damaged', chain: 'rounds' },
  'archive-unreadable': { code: 'archive-unreadable', error: 'SQLITE_CORRUPT' },
  'archive-missing': { code: 'archive-missing', throughId: 500 },
  'archive-starts-late': { code: 'archive-starts-late', afterId: 250 },
  'archive-cut-digest-differs': { code: 'archive-cut-digest-differs' },
};
const ARCHIVE_PROBLEMS: Samples<ArchiveProblem> = {
  'archive-rows-differ': { code: 'archive-rows-differ', chain: 'rounds', afterId: 500 },
  'archive-empty': { code: 'archive-empty', chain: 'events', cutId: 1000 },
  'archive-short': { code: 'archive-short', chain: 'rounds', firstId: 1, lastId: 400, cutId: 500 },
  'archive-cut-digest-differs': { code: 'archive-cut-digest-differs', chain: 'events', rowId: 1000 },
  'archive-rows-unverified': { code: 'archive-rows-unverified', chain: 'rounds', problem: { code: 'digest-missing' } },
  'archive-unreadable': { code: 'archive-unreadable', error: 'SQLITE_NOTADB' },
  'archive-file-missing': { code: 'archive-file-missing', error: 'ENOENT' },
  'archive-write-failed': { code: 'archive-write-failed', error: 'SQLITE_FULL' },
  'archive-delete-mismatch': { code: 'archive-delete-mismatch', chain: 'events', deleted: 99, archived: 100 },
};

/** The events with words of their own for a parameter or a kind, and the causes worded with parameters of their own. */
const EVENT_VARIANTS: readonly EventMessage[] = [
  // A session that ended at zero, a check answered with a cash-out, and one started with the check and a limit off.
  { code: 'session-ended', cashedOut: false, minutes: 12, totalBetMinor: 5_000, netMinor: -5_000 },
  { code: 'reality-check-answered', cashOut: true, minutes: 60 },
  {
    code: 'session-started',
    billsInBeforeMinor: 0,
    wageredBeforeMinor: 0,
    realityCheckMinutes: null,
    lossLimitMinor: 5_000,
    timeLimitMinutes: null,
  },
  { code: 'config-changed', hash: 'fedcba9876543210', installed: true, fields: [] },
  {
    ...EVENTS['ram-cleared'],
    chainAgrees: false,
    damagedFile: 'journal.sqlite.damaged-20261201T030000000Z',
    damagedOwedMinor: 15_000,
    damagedLedgerRows: 2,
    damagedUnreadableSpots: 1,
    damagedExportFile: 'journal.sqlite.damaged-20261201T030000000Z.owed.jsonl',
    damagedLastBalanceMinor: 15_000,
    damagedCopyCreditsMinor: 9_500,
  },
  {
    code: 'tilt-cleared',
    tilt: 'rng-fault',
    source: 'rng',
    cause: 'device-healthy',
    role: null,
    deviceDetail: { code: 'rng-healthy', port: '/dev/ttyACM0', samples: 1024, bitsPerByte: 7.5 },
  },
  {
    code: 'tilt-cleared',
    tilt: 'handpay-pending',
    source: 'cash-out',
    cause: 'handpay-paid',
    role: 'attendant',
    deviceDetail: null,
  },
  { code: 'staff-signed-out', role: 'attendant', why: 'other-sign-in', idleS: null, by: 'technician' },
  ...Object.values(ARCHIVE_PROBLEMS).map((problem): EventMessage => ({ code: 'journal-archive-failed', problem })),
  ...Object.values(RECORD_PROBLEMS).map((problem): EventMessage => ({
    code: 'journal-archive-blocked',
    table: 'events',
    rowId: 9,
    problem,
  })),
  ...(['ram-clear', 'damaged-journal'] as const).map((origin): EventMessage => ({
    code: 'handpay-created',
    handpayId: 4,
    amountMinor: 2_500,
    origin,
  })),
];

const DEVICE: Samples<DeviceDetail> = {
  'not-reported': { code: 'not-reported' },
  'acceptor-not-configured': { code: 'acceptor-not-configured' },
  'os-entropy-only': { code: 'os-entropy-only' },
  'device-not-started': { code: 'device-not-started', port: '/dev/ttyUSB0' },
  'device-stopped': { code: 'device-stopped', port: null },
  'link-retrying': { code: 'link-retrying', port: '/dev/ttyUSB0', cause: 'device-unplugged', retryInMs: 2000 },
  'acceptor-ready': { code: 'acceptor-ready', port: '/dev/ttyUSB0', enabled: false },
  'acceptor-first-poll': { code: 'acceptor-first-poll', port: '/dev/ttyUSB0' },
  'acceptor-no-fixed-key': { code: 'acceptor-no-fixed-key', port: '/dev/ttyUSB0' },
  'acceptor-conditions': { code: 'acceptor-conditions', conditions: ['safe-jam', 'fraud'] },
  'id003-conditions': { code: 'id003-conditions', conditions: ['acceptor-jam', 'cheated'] },
  'acceptor-factory-key-refused': { code: 'acceptor-factory-key-refused', port: '/dev/ttyUSB0' },
  'acceptor-settings-refused': { code: 'acceptor-settings-refused', port: '/dev/ttyUSB0', protocol: 'essp' },
  'id003-not-installed': { code: 'id003-not-installed', port: '/dev/ttyUSB0' },
  'acceptor-start-failed': { code: 'acceptor-start-failed', port: '/dev/ttyUSB0', osCode: null },
  'port-unusable': {
    code: 'port-unusable',
    device: 'bill-acceptor',
    port: '/tmp',
    problem: 'not-a-serial-device',
    is: 'directory',
  },
  'switch-not-read': { code: 'switch-not-read', switch: 'key-switch', file: '/sys/class/gpio/gpio17/value' },
  'switch-ready': { code: 'switch-ready', switch: 'door-switch', file: '/sys/class/gpio/gpio18/value' },
  'switch-unreadable': { code: 'switch-unreadable', switch: 'door-switch', file: '/x', osCode: 'ENOENT' },
  'switch-bad-value': { code: 'switch-bad-value', switch: 'key-switch', file: '/x', value: '2' },
  'rng-no-approved-source': { code: 'rng-no-approved-source' },
  'rng-os-approved': { code: 'rng-os-approved' },
  'rng-os-demo': { code: 'rng-os-demo' },
  'rng-restarting': { code: 'rng-restarting' },
  'rng-pool-exhausted': { code: 'rng-pool-exhausted', port: '/dev/ttyACM0', have: 12, need: 32 },
  'rng-starting': { code: 'rng-starting', port: '/dev/ttyACM0', samples: 1024 },
  'rng-healthy': { code: 'rng-healthy', port: '/dev/ttyACM0', samples: 1024, bitsPerByte: 7.5 },
  'rng-repetition-failed': { code: 'rng-repetition-failed', port: null, cutoff: 5 },
  'rng-proportion-failed': { code: 'rng-proportion-failed', port: null, cutoff: 40, window: 512 },
  'rng-stalled': { code: 'rng-stalled', port: null, silentMs: 3100, limitMs: 3000 },
  'rng-source-os': { code: 'rng-source-os' },
  'rng-source-hardware': { code: 'rng-source-hardware', port: '/dev/ttyACM0' },
};
/** The forms with words of their own: an OS error named, the link down as well, each unusable port. */
const VARIANTS: readonly DeviceDetail[] = [
  { code: 'link-retrying', port: '/dev/ttyUSB0', cause: 'open-failed', retryInMs: 400, osCode: 'ENOENT' },
  { code: 'acceptor-start-failed', port: '/dev/ttyUSB0', osCode: 'EACCES' },
  { code: 'acceptor-conditions', conditions: ['key-mismatch'], linkDown: 'unit-refused' },
  { code: 'acceptor-conditions', conditions: ['unknown-event'], unknownEventCode: 0x9a },
  ...(['missing', 'not-absolute'] as const).map((problem): DeviceDetail => ({
    code: 'port-unusable',
    device: 'rng',
    port: 'dev/x',
    problem,
  })),
  ...PORT_KINDS.map((is): DeviceDetail => ({
    code: 'port-unusable',
    device: 'rng',
    port: '/x',
    problem: 'not-a-serial-device',
    is,
  })),
  { code: 'port-unusable', device: 'bill-acceptor', port: '/dev/ttyUSB0', problem: 'no-permission', osCode: 'EACCES' },
  ...LINK_CAUSES.map((cause): DeviceDetail => ({ code: 'link-retrying', port: '/dev/ttyUSB0', cause, retryInMs: 200 })),
];

const REPLAY: Samples<ReplayDifference> = {
  'replay-field': { code: 'replay-field', path: 'returns.tie', recorded: 900, replayed: 1000 },
  'replay-extra-cards': {
    code: 'replay-extra-cards',
    recorded: 7,
    drawn: 6,
    extra: [{ rank: 'A', suit: 'H' }],
  },
  'replay-too-few-cards': { code: 'replay-too-few-cards', recorded: 3 },
  'replay-outcome-presence': { code: 'replay-outcome-presence', recorded: 'banker', replayed: null },
  'replay-nothing-to-settle': { code: 'replay-nothing-to-settle' },
  'replay-refund': { code: 'replay-refund', recordedMinor: 100, stakeMinor: 600 },
  'replay-in-progress': { code: 'replay-in-progress' },
};

function translator(locale: Locale): Translator {
  const i18n = createI18n({ legacy: false, locale, fallbackLocale: [], messages, missingWarn: false });
  const g = i18n.global;
  return {
    t: (key, params) => g.t(key, params ?? {}),
    te: (key) => g.te(key, locale),
    money: (minor) => formatMoney(minor, { code: 'EUR', minorDigits: 2 }, locale),
  };
}

/** A worded text must be whole: no placeholder left, no key path, never empty. */
function expectWhole(text: string, what: string): void {
  expect(text, what).not.toMatch(/[{}]/);
  expect(text, what).not.toMatch(/staff\.[a-z]/i);
  expect(text.trim().length, what).toBeGreaterThan(0);
}

/** Words of main's that must not reach a translated screen through a parameter. */
const MAIN_WORDS =
  /\b(bill-acceptor|device-fault|rng-fault|door-open|attendant|technician|device-healthy|true|false)\b/;

/**
 * A device that stopped or failed before its port was known reports the port as null, so these words never name
 * it; the diagnostics view shows the configured port beside them.
 */
const PORT_MAY_BE_UNKNOWN = 'a device that stopped or failed before its port was known; the view shows the port';
/** Parameters deliberately not in the words, each with why. */
const UNWORDED: Readonly<Record<string, string>> = {
  'dev.device-stopped.port': PORT_MAY_BE_UNKNOWN,
  'dev.link-retrying.port': PORT_MAY_BE_UNKNOWN,
  'dev.rng-repetition-failed.port': PORT_MAY_BE_UNKNOWN,
  'dev.rng-proportion-failed.port': PORT_MAY_BE_UNKNOWN,
  'dev.rng-stalled.port': PORT_MAY_BE_UNKNOWN,
  'dev.port-unusable.problem': 'it picks the words themselves (variantOf)',
  'msg.config-changed.installed': 'it picks the words themselves (variantOf)',
};

describe.each(LOCALES)('staff words for every code main sends, in %s', (locale) => {
  const tr = translator(locale);
  const has = (key: string): boolean => tr.te(key);

  it('every code and every word a parameter names has its key', () => {
    const missing = [
      ...EVENT_MESSAGE_CODES.map((c) => `staff.msg.${c}`),
      ...TILT_REASON_CODES.map((c) => `staff.reason.${c}`),
      ...VOID_REASON_CODES.map((c) => `staff.void.${c}`),
      ...DEVICE_DETAIL_CODES.map((c) => `staff.dev.${c}`),
      ...REPLAY_DIFFERENCE_CODES.map((c) => `staff.replay.${c}`),
      ...CLEAR_CAUSES.map((c) => `staff.clearCause.${c}`),
      ...SIGN_OUT_WHYS.map((c) => `staff.signOutWhy.${c}`),
      ...CRASH_KINDS.map((c) => `staff.crashKind.${c}`),
      ...ACCEPTOR_CONDITIONS.map((c) => `staff.condition.${c}`),
      ...LINK_CAUSES.map((c) => `staff.linkCause.${c}`),
      ...ID003_ACCEPTOR_CONDITIONS.map((c) => `staff.id003Condition.${c}`),
      ...PORT_KINDS.map((c) => `staff.portKind.${c}`),
      ...(['key-switch', 'door-switch'] as const).map((c) => `staff.switchName.${c}`),
      ...(['essp', 'id003'] as const).map((c) => `staff.acceptorProtocol.${c}`),
      ...(
        [
          'rng-fault',
          'device-fault',
          'memory-error',
          'door-open',
          'handpay-pending',
          'storage-fault',
          'program-fault',
          'stadium-fault',
        ] satisfies TiltKind[]
      ).map((c) => `staff.tiltKind.${c}`),
      ...(
        [
          'device-healthy',
          'door-closed',
          'technician-ram-clear',
          'technician-handpay-clear',
          'technician-test-write',
          'technician-clear',
        ] satisfies TiltClearance[]
      ).map((c) => `staff.clearance.${c}`),
      ...STADIUM_FAULT_CAUSES.map((c) => `staff.stadiumFault.${c}`),
      ...STADIUM_VOID_CAUSES.map((c) => `staff.stadiumVoidCause.${c}`),
      ...['rng', 'bill-acceptor', 'door', 'cash-out', 'critical-memory', 'journal', 'program', 'stadium', 'any'].map(
        (c) => `staff.source.${c}`,
      ),
      ...['locked', 'dealt'].map((c) => `staff.roundStage.${c}`),
      ...STORAGE_STAGES.map((c) => `staff.storageStage.${c}`),
      ...DAMAGE_PROOFS.map((c) => `staff.damageProof.${c}`),
      ...HANDPAY_ORIGINS.map((c) => `staff.handpayOrigin.${c}`),
      ...CRITICAL_COPY_PROBLEMS.map((c) => `staff.criticalCopyProblem.${c}`),
      ...MEMORY_CHECKS.map((c) => `staff.memoryCheck.${c}`),
      ...RECORD_PROBLEM_CODES.map((c) => `staff.recordProblem.${c}`),
      ...ARCHIVE_PROBLEM_CODES.map((c) => `staff.archiveProblem.${c}`),
    ].filter((key) => !has(key));
    expect(missing).toEqual([]);
  });

  it('each event, reason, device detail and replay difference is worded whole, with its parameters', () => {
    for (const m of [...Object.values(EVENTS), ...EVENT_VARIANTS]) {
      const w = eventText(tr, { message: m });
      expectWhole(w.text, `${locale} msg ${m.code}`);
      expect(w.text, `${locale} msg ${m.code}`).not.toMatch(MAIN_WORDS);
    }
    for (const r of Object.values(TILT_REASONS)) expectWhole(tiltReasonText(tr, r).text, `${locale} reason ${r.code}`);
    for (const r of Object.values(VOID_REASONS)) expectWhole(voidReasonText(tr, r).text, `${locale} void ${r.code}`);
    for (const d of Object.values(DEVICE)) {
      expectWhole(deviceDetailText(tr, d).text, `${locale} dev ${d.code}`);
      expect(deviceDetailText(tr, d).text).not.toMatch(MAIN_WORDS);
    }
    for (const d of VARIANTS) {
      expectWhole(deviceDetailText(tr, d).text, `${locale} dev ${d.code} variant`);
      expect(deviceDetailText(tr, d).text).not.toMatch(MAIN_WORDS);
    }
    for (const d of Object.values(REPLAY)) expectWhole(replayDifferenceText(tr, d).text, `${locale} replay ${d.code}`);
  });

  it('amounts are money, and roles, devices and conditions are words of the language', () => {
    const paid = eventText(tr, { message: EVENTS['handpay-paid'] });
    // As the meters show money: in the screen's locale, with the currency.
    expect(paid.text).toContain(formatMoney(130_000, { code: 'EUR', minorDigits: 2 }, locale));
    expect(paid.text).not.toContain('1300.00');
    expect(paid.text).toContain(tr.t('staff.role.technician'));
    const fault = eventText(tr, { message: EVENTS['fault-raised'] });
    expect(fault.text).toContain(tr.t('staff.condition.stacker-full'));
    expect(fault.text).toContain(tr.t('staff.source.bill-acceptor'));
    const unknown = deviceDetailText(tr, VARIANTS[3]!);
    expect(unknown.text).toContain('0x9A');
    const directory = deviceDetailText(
      tr,
      VARIANTS.find((d) => 'is' in d && d.is === 'directory')!,
    );
    expect(directory.text).toContain(tr.t('staff.portKind.directory'));
    expect(directory.text).toContain(tr.t('staff.source.rng'));
    const open = deviceDetailText(tr, VARIANTS[0]!);
    expect(open.text).toContain('ENOENT');
    expect(open.text).toContain(tr.t('staff.linkCause.open-failed'));
  });

  it('every parameter an event, a reason, a void or a device detail carries has its place in the words', () => {
    const staff = messages[locale].staff as unknown as Record<string, Record<string, string>>;
    const unused: string[] = [];
    for (const [domain, samples] of [
      ['msg', [...Object.values(EVENTS), ...EVENT_VARIANTS]],
      ['reason', Object.values(TILT_REASONS)],
      ['void', Object.values(VOID_REASONS)],
      ['dev', Object.values(DEVICE)],
      ['archiveProblem', Object.values(ARCHIVE_PROBLEMS)],
      ['recordProblem', Object.values(RECORD_PROBLEMS)],
    ] as const) {
      for (const sample of samples as ReadonlyArray<{ code: string } & Record<string, unknown>>) {
        // A cause or a sign-out reason is worded with parameters of its own: those words count as the row's.
        const words = [
          staff[domain]![variantOf(sample)]!,
          typeof sample.cause === 'string' && domain === 'msg' ? staff.clearCause![sample.cause]! : '',
          typeof sample.why === 'string' ? staff.signOutWhy![sample.why]! : '',
        ].join(' ');
        for (const key of Object.keys(sample)) {
          // A null or an empty list says there is nothing to name.
          if (key === 'code' || sample[key] === null) continue;
          if (Array.isArray(sample[key]) && (sample[key] as unknown[]).length === 0) continue;
          const unworded = UNWORDED[`${domain}.${sample.code}.${key}`];
          if (unworded !== undefined) continue;
          if (!words.includes(`{${key}}`)) unused.push(`${domain}.${variantOf(sample)}: {${key}}`);
        }
      }
    }
    expect(unused).toEqual([]);
  });

  it('a storage-error void names the failed commit in the language and keeps the SQLite code', () => {
    const w = voidReasonText(tr, VOID_REASONS['storage-error']);
    expect(w.text).toContain(tr.t('staff.storageStage.settle'));
    expect(w.text).toContain('SQLITE_IOERR');
  });
});

describe('the sample lists name every code', () => {
  it('no code is left without a sample (a new code needs its words)', () => {
    expect(Object.keys(EVENTS).sort()).toEqual([...EVENT_MESSAGE_CODES].sort());
    expect(Object.keys(DEVICE).sort()).toEqual([...DEVICE_DETAIL_CODES].sort());
    expect(Object.keys(REPLAY).sort()).toEqual([...REPLAY_DIFFERENCE_CODES].sort());
    expect(Object.keys(TILT_REASONS).sort()).toEqual([...TILT_REASON_CODES].sort());
    expect(Object.keys(VOID_REASONS).sort()).toEqual([...VOID_REASON_CODES].sort());
    expect(Object.keys(RECORD_PROBLEMS).sort()).toEqual([...RECORD_PROBLEM_CODES].sort());
    expect(Object.keys(ARCHIVE_PROBLEMS).sort()).toEqual([...ARCHIVE_PROBLEM_CODES].sort());
  });
});
