/**
 * The configuration editor's view of a venue config: every field main shows, in the editor's groups, with
 * the kind of control that edits it, and the list of what an edit changes. Display only: main validates
 * every candidate (tech:config:validate) and decides what is applied.
 */
import { SIDE_BETS } from '../../../electron/core/engine/side-bets.ts';

export type ConfigPath = readonly (string | number)[];

export const CONFIG_SECTIONS = [
  'rules',
  'limits',
  'chips',
  'currency',
  'money',
  'bills',
  'demo',
  'timing',
  'language',
  'sound',
  'roads',
  'squeeze',
  'devices',
  'inputs',
  'staff',
  'journal',
  'responsible',
  'stadium',
  'other',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

export type FieldKind =
  | 'money'
  | 'int'
  | 'decimal'
  | 'bool'
  | 'choice'
  | 'text'
  | 'secret'
  | 'money-list'
  | 'rows'
  /** A side bet offered (its limits) or not (absent): docs/cabinet-rules.md#side-bets-at-the-cabinet. */
  | 'offer';

export interface ConfigField {
  readonly path: ConfigPath;
  /** Dotted path as main names it in a FieldIssue: "limits.spots.tie.maxMinor", "billChannels.2.valueMinor". */
  readonly key: string;
  readonly section: ConfigSection;
  readonly kind: FieldKind;
  readonly value: unknown;
  /** A text field that may be empty (null): a port, an input file. */
  readonly nullable: boolean;
  /** For `choice`: the values offered (null: off, for a setting that may be off). */
  readonly choices?: readonly (string | number | null)[];
}

export const LANGUAGE_CHOICES = ['en', 'sv', 'de', 'fi', 'nl', 'cs'] as const;

/** Fields with a fixed set of values (the schema's enums), by dotted path. */
const CHOICES: Readonly<Record<string, readonly (string | number | null)[]>> = {
  // The reality check's intervals, or off (docs/responsible-gaming.md#venue-settings).
  'responsibleGaming.realityCheckMinutes': [null, 15, 30, 60],
  'profile.tiePays': [8, 9],
  'profile.variant': ['commission', 'no-commission', 'ez'],
  'profile.lucky6ThreeCardPays': [20, 23],
  defaultLanguage: LANGUAGE_CHOICES,
  'devices.rng.protocol': ['truerng', 'onerng'],
  'devices.rng.source': ['hardware', 'os'],
  'devices.billAcceptor.protocol': ['essp', 'id003'],
};
/** Numbers that may have a fraction (the schema's non-integer fields). */
const DECIMAL = new Set(['devices.rng.minEntropyBitsPerByte', 'minimumRtpPercent']);
/** Text fields that may be left empty. */
const NULLABLE = new Set([
  'devices.rng.port',
  'devices.billAcceptor.port',
  'devices.billAcceptor.fixedKeyHex',
  'inputs.operatorKeyFile',
  'inputs.doorFile',
  'journal.criticalCopyPath',
  // null: no floor under the bets' returns (docs/cabinet-rules.md#side-bets-at-the-cabinet).
  'minimumRtpPercent',
  // null: the cabinet plays alone (docs/venue-config.md#stadium); set only from the venue file, with a restart.
  'stadium',
  // null: no session limit (docs/responsible-gaming.md#venue-settings).
  'responsibleGaming.sessionLossLimitMinor',
  'responsibleGaming.sessionTimeLimitMinutes',
]);
/** Numbers that may be off (null): their kind is not read from the value, which may be null. */
const NULLABLE_NUMBERS: Readonly<Record<string, FieldKind>> = {
  'responsibleGaming.sessionLossLimitMinor': 'money',
  'responsibleGaming.sessionTimeLimitMinutes': 'int',
};
/** Write-only: main shows only whether it is set. */
export const SECRET_FIELDS = new Set(['devices.billAcceptor.fixedKeyHex']);

export function pathKey(path: ConfigPath): string {
  return path.map(String).join('.');
}

export function sectionOf(path: ConfigPath): ConfigSection {
  const [top, second] = path.map(String);
  switch (top) {
    case 'profile':
    case 'minimumRtpPercent':
      return 'rules';
    case 'limits':
      if (second === 'chipDenominationsMinor') return 'chips';
      if (second === 'creditLimitMinor' || second === 'maxWinPerRoundMinor') return 'money';
      return 'limits';
    case 'currency':
      return 'currency';
    case 'billChannels':
      return 'bills';
    case 'demoMode':
    case 'demoCreditsMinor':
      return 'demo';
    case 'attractIdleS':
    case 'playerInactivityS':
      return 'timing';
    case 'defaultLanguage':
      return 'language';
    case 'sound':
      return 'sound';
    case 'roads':
    case 'squeeze':
    case 'devices':
    case 'inputs':
    case 'staff':
    case 'journal':
    case 'stadium':
      return top;
    case 'responsibleGaming':
      return 'responsible';
    default:
      return 'other';
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function leafKind(key: string, value: unknown): FieldKind {
  if (SECRET_FIELDS.has(key)) return 'secret';
  if (CHOICES[key]) return 'choice';
  const nullableNumber = NULLABLE_NUMBERS[key];
  if (nullableNumber) return nullableNumber;
  if (typeof value === 'boolean') return 'bool';
  if (DECIMAL.has(key)) return 'decimal';
  if (typeof value === 'number') return /Minor$/.test(key) ? 'money' : 'int';
  return 'text';
}

/** Every editable field of a config, in the order of CONFIG_SECTIONS, each section in the config's own order. */
export function configFields(config: Readonly<Record<string, unknown>>): ConfigField[] {
  const out: ConfigField[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    const key = pathKey(path);
    const base = { path, key, section: sectionOf(path), value, nullable: NULLABLE.has(key) };
    if (key === 'limits.sideBets' && isPlainObject(value)) {
      // Every side bet gets its switch, offered or not, and an offered one its limits: an absent bet has no leaves.
      for (const bet of SIDE_BETS) {
        const limit = value[bet];
        const betPath = [...path, bet];
        out.push({ ...base, path: betPath, key: pathKey(betPath), kind: 'offer', value: limit ?? null });
        if (isPlainObject(limit)) walk(limit, betPath);
      }
      return;
    }
    if (SECRET_FIELDS.has(key)) out.push({ ...base, kind: 'secret' });
    else if (Array.isArray(value) && value.every((v) => typeof v === 'number'))
      out.push({ ...base, kind: 'money-list' });
    else if (Array.isArray(value)) out.push({ ...base, kind: 'rows' });
    else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    else {
      const kind = leafKind(key, value);
      out.push(kind === 'choice' ? { ...base, kind, choices: CHOICES[key] ?? [] } : { ...base, kind });
    }
  };
  walk(config, []);
  const rank = (s: ConfigSection): number => CONFIG_SECTIONS.indexOf(s);
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f.section) - rank(b.f.section) || a.i - b.i)
    .map((x) => x.f);
}

export function getAt(root: unknown, path: ConfigPath): unknown {
  let node = root;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}

/** A copy of `root` with the value at `path` replaced (nothing shared with the original along the path). */
export function setAt(root: unknown, path: ConfigPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(root[head as number], rest, value);
    return copy;
  }
  const obj = isPlainObject(root) ? root : {};
  return { ...obj, [head]: setAt(obj[head], rest, value) };
}

export interface ConfigChange {
  readonly key: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** Every leaf that differs between the config main holds and the edited one (secrets by set/not set only). */
export function configChanges(before: unknown, after: unknown, path: (string | number)[] = []): ConfigChange[] {
  const key = pathKey(path);
  if (SECRET_FIELDS.has(key)) {
    const same = JSON.stringify(before) === JSON.stringify(after);
    return same ? [] : [{ key, before: secretState(before), after: secretState(after) }];
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => configChanges(before[k], after[k], [...path, k]));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ key, before, after }];
}

/** A write-only field's state as shown: set, not set, or about to be changed. */
export function secretState(value: unknown): 'set' | 'not-set' | 'changed' {
  if (typeof value === 'string') return 'changed';
  if (isPlainObject(value) && value.set === true) return 'set';
  return 'not-set';
}

/** The issues main reported for one field (or for anything inside it, for a list or a row). */
export function issuesAt<T extends { readonly path: string }>(issues: readonly T[], key: string): T[] {
  return issues.filter((i) => i.path === key || i.path.startsWith(`${key}.`));
}

/** A value as the editor shows it in a list of changes (money fields stay in minor units, labelled). */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
