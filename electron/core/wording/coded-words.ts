/**
 * Words for what the journal keeps as data (docs/cabinet-rules.md#operator-menu-and-key-switch): event-log rows,
 * tilt and void reasons, device details, replay differences and record-chain and archive problems are a `code`
 * plus typed parameters, worded here only at the edge, in one place for both sides: the staff menu words them in
 * the screen's language through vue-i18n (`staff.msg`, `staff.reason`, `staff.void`, `staff.dev`, `staff.replay`,
 * `staff.recordProblem`, `staff.archiveProblem`), the exports and audit tools in English from the same table
 * (english-words.ts over staff-words-en.ts). Each parameter is worded by its name: amounts
 * (`…Minor`) as money, roles, tilt kinds, devices, health and flags translated, times as log times, a nested code
 * worded in its turn. Pure: no Vue, no i18n library, no I/O.
 */
import type { Card } from '../cards/card.ts';
import type { ReplayDifference } from '../engine/replay.ts';
import { formatMinor } from '../money/minor-units.ts';
import type { DeviceDetail, RngFailureDetail } from '../model/device-detail.ts';
import type { EventLogEntry } from '../model/event-log.ts';
import type { TiltReason, VoidReason } from '../model/journal-message.ts';
import type { RecordProblem } from '../model/record-check.ts';
import { logTime } from './log-time.ts';

/** vue-i18n's `t` and `te` (or the English table's), and the reader's money formatter (useMoney on a screen). */
export interface Translator {
  t(key: string, params?: Record<string, unknown>): string;
  te(key: string): boolean;
  /** An amount in the screen's locale and the venue currency, as the meters show it; plain digits without. */
  money?(minor: number): string;
}

const moneyOf = (tr: Translator, minor: number): string => (tr.money ? tr.money(minor) : formatMinor(minor));

/** Words for one coded thing: every part of it is a code, so nothing else needs showing beside them. */
export interface Worded {
  readonly text: string;
}

type Domain = 'msg' | 'reason' | 'void' | 'dev' | 'replay' | 'archiveProblem' | 'recordProblem';
type Coded = { readonly code: string } & Readonly<Record<string, unknown>>;

/** Which domain a nested code under `key` belongs to, given the domain it sits in. */
function nestedDomain(parent: Domain, parentCode: string, key: string): Domain {
  if (key === 'deviceDetail' || key === 'failure') return 'dev';
  if (key === 'problem') {
    // The archive's own problems, and a row that does not verify, wherever it is named.
    const archive =
      parent === 'msg' && (parentCode === 'journal-archive-set-aside' || parentCode === 'journal-archive-failed');
    return archive ? 'archiveProblem' : 'recordProblem';
  }
  if (parent === 'msg' && parentCode === 'round-voided') return 'void';
  return 'reason';
}

function isCoded(value: unknown): value is Coded {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

function isCard(value: unknown): value is Card {
  return typeof value === 'object' && value !== null && 'rank' in value && 'suit' in value;
}

const SUIT_SIGN: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export function cardText(card: Card): string {
  return `${card.rank}${SUIT_SIGN[card.suit] ?? card.suit}`;
}

function word(tr: Translator, group: string, value: string): string {
  const key = `staff.${group}.${value}`;
  return tr.te(key) ? tr.t(key) : value;
}

/** One replay value: a card, a winner, an amount (under `returns`), a flag, or nothing. */
function replayValue(tr: Translator, path: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (isCard(value)) return cardText(value);
  if (typeof value === 'number') return path.startsWith('returns') ? moneyOf(tr, value) : String(value);
  if (typeof value === 'boolean') return tr.t(`staff.flag.yes.${value}`);
  if (typeof value === 'string') return tr.te(`spot.${value}`) ? tr.t(`spot.${value}`) : value;
  if (Array.isArray(value) && value.every(isCard)) return value.map(cardText).join(' ');
  return JSON.stringify(value);
}

export function wordCoded(tr: Translator, domain: Domain, coded: Coded): Worded {
  const params: Record<string, string> = {};
  const path = typeof coded.path === 'string' ? coded.path : '';
  for (const [key, value] of Object.entries(coded)) {
    if (key === 'code') continue;
    if (isCoded(value)) {
      const inner = wordCoded(tr, nestedDomain(domain, coded.code, key), value);
      params[key] = inner.text;
    } else if (domain === 'replay' && (key === 'recorded' || key === 'replayed' || key === 'extra')) {
      params[key] = replayValue(tr, path, value);
    } else if (value === null || value === undefined) {
      params[key] = key === 'source' ? tr.t('staff.source.any') : '—';
    } else if (key.endsWith('Minor') && typeof value === 'number') {
      params[key] = moneyOf(tr, value);
    } else if (key === 'unknownEventCode' && typeof value === 'number') {
      params[key] = byteHex(value);
    } else if (typeof value === 'boolean') {
      // A flag that picks the words themselves (variantOf) has no words of its own.
      const flag = `staff.flag.${key}.${value}`;
      params[key] = tr.te(flag) ? tr.t(flag) : String(value);
    } else if (Array.isArray(value) && value.length === 0) {
      params[key] = '—';
    } else if (Array.isArray(value)) {
      if (key === 'conditions') params[key] = conditionWords(tr, coded, value);
      else if (key === 'warnings') params[key] = value.map((w) => word(tr, 'billWarning', String(w))).join('; ');
      else if (key === 'handpayIds') params[key] = value.map((id) => `#${String(id)}`).join(', ');
      else params[key] = value.map(String).join(', ');
    } else if (typeof value === 'string') {
      params[key] = paramWord(tr, domain, key, value);
    } else {
      params[key] = String(value);
    }
  }
  // Words that take parameters of their own: who cleared a tilt, how long a session sat idle.
  if (typeof coded.cause === 'string' && domain !== 'dev')
    params.cause = tr.t(`staff.clearCause.${coded.cause}`, params);
  if (typeof coded.why === 'string') params.why = tr.t(`staff.signOutWhy.${coded.why}`, params);
  const key = `staff.${domain}.${variantOf(coded)}`;
  return { text: tr.te(key) ? tr.t(key, params) : coded.code };
}

/** A byte as the protocol documents write it: 0x0A. */
function byteHex(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * The key of a code that has words of its own for an optional parameter or a kind: a failed open that named its
 * OS error, conditions while the link is down, a port that is unusable for one reason, the first config installed,
 * a RAM clear that also paid what a damaged journal owed.
 */
export function variantOf(coded: Coded): string {
  const { code } = coded;
  if ((code === 'link-retrying' || code === 'acceptor-start-failed') && typeof coded.osCode === 'string') {
    return `${code}-os`;
  }
  if (code === 'acceptor-conditions' && typeof coded.linkDown === 'string') return `${code}-link-down`;
  if (code === 'port-unusable' && typeof coded.problem === 'string') return `${code}-${coded.problem}`;
  if (code === 'config-changed' && coded.installed === true) return `${code}-installed`;
  if (code === 'ram-cleared' && typeof coded.damagedFile === 'string') return `${code}-damaged`;
  return code;
}

/** The acceptor's conditions, each in the screen's words (an unknown poll event names its byte). */
function conditionWords(tr: Translator, coded: Coded, conditions: readonly unknown[]): string {
  const group = coded.code === 'id003-conditions' ? 'id003Condition' : 'condition';
  const eventCode = typeof coded.unknownEventCode === 'number' ? byteHex(coded.unknownEventCode) : null;
  return conditions
    .map((c) =>
      c === 'unknown-event' && eventCode !== null && group === 'condition'
        ? tr.t('staff.condition.unknown-event-byte', { eventCode })
        : word(tr, group, String(c)),
    )
    .join('; ');
}

function paramWord(tr: Translator, domain: Domain, key: string, value: string): string {
  switch (key) {
    case 'role':
    case 'by':
      return word(tr, 'role', value);
    case 'origin':
      return word(tr, 'handpayOrigin', value);
    case 'copyProblem':
      return word(tr, 'criticalCopyProblem', value);
    case 'during':
      return word(tr, 'memoryCheck', value);
    case 'tilt':
      return word(tr, 'tiltKind', value);
    case 'device':
    case 'source':
      return word(tr, 'source', value);
    case 'health':
      return word(tr, 'health', value);
    case 'status':
      return word(tr, 'roundStage', value);
    case 'stage':
      return word(tr, 'storageStage', value);
    case 'proof':
      return word(tr, 'damageProof', value);
    case 'clearance':
      return word(tr, 'clearance', value);
    case 'cause':
      return word(tr, domain === 'dev' ? 'linkCause' : 'clearCause', value);
    case 'linkDown':
      return word(tr, 'linkCause', value);
    case 'is':
      return word(tr, 'portKind', value);
    case 'switch':
      return word(tr, 'switchName', value);
    case 'protocol':
      return word(tr, 'acceptorProtocol', value);
    case 'why':
      return word(tr, 'signOutWhy', value);
    case 'crash':
      return word(tr, 'crashKind', value);
    case 'check':
      return word(tr, 'recordCheck', value);
    case 'problem':
      return domain === 'msg' ? word(tr, 'copyFileProblem', value) : value;
    case 'table':
    case 'chain':
      return word(tr, 'chainTable', value);
    case 'until':
    case 'at':
    case 'crashedAt':
      return logTime(value);
    case 'copy':
    case 'from':
      return value.toUpperCase();
    // A stadium terminal's doubtful stream and its voids (docs/stadium.md#terminals); a table id is shown as it is.
    case 'fault':
      return word(tr, 'stadiumFault', value);
    case 'voidCause':
      return word(tr, 'stadiumVoidCause', value);
    default:
      return value;
  }
}

/** An event-log row in the reader's language. */
export function eventText(tr: Translator, entry: Pick<EventLogEntry, 'message'>): Worded {
  return wordCoded(tr, 'msg', entry.message as Coded);
}

export function tiltReasonText(tr: Translator, reason: TiltReason | null | undefined): Worded {
  return reason ? wordCoded(tr, 'reason', reason as Coded) : { text: '' };
}

export function voidReasonText(tr: Translator, reason: VoidReason | null | undefined): Worded {
  return reason ? wordCoded(tr, 'void', reason as Coded) : { text: '' };
}

export function deviceDetailText(tr: Translator, detail: DeviceDetail | null | undefined): Worded {
  return detail ? wordCoded(tr, 'dev', detail as Coded) : { text: '' };
}

export function rngFailureText(tr: Translator, failure: RngFailureDetail | null | undefined): Worded {
  if (!failure) return { text: '' };
  const what = deviceDetailText(tr, failure.failure);
  return { text: failure.at ? `${logTime(failure.at)} · ${what.text}` : what.text };
}

/** Why a journal row or checkpoint does not verify, in the reader's words (the audit tools: English). */
export function recordProblemText(tr: Translator, problem: RecordProblem): Worded {
  return wordCoded(tr, 'recordProblem', problem as Coded);
}

export function replayDifferenceText(tr: Translator, difference: ReplayDifference): Worded {
  return wordCoded(tr, 'replay', difference as unknown as Coded);
}
