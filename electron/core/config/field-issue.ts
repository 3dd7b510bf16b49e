/**
 * A venue-config problem as data, so the technician's screen can put each error next to its
 * field in the technician's language: main's English (ConfigError's messages, kept for the
 * command line and the log) never reaches a translated screen (docs/venue-config.md#errors).
 */
import type { z } from 'zod';

/** Every rule a FieldIssue can name; the renderer has a sentence for each (a test checks it). */
export const FIELD_RULES = [
  'required',
  'type',
  'integer',
  'min',
  'max',
  'enum',
  'pattern',
  'increasing',
  'unique',
  'relation',
  'unknown-field',
  'not-offered',
  'below-minimum-rtp',
] as const;

export type FieldRule = (typeof FIELD_RULES)[number];

export interface FieldIssue {
  /** Dotted path of the field, e.g. "limits.spots.tie.maxMinor" or "billChannels.2.channel"; "" for the whole file. */
  readonly path: string;
  readonly rule: FieldRule;
  /** The bound for min/max (and the other field's value for a relation, when it is a number). */
  readonly limit?: number;
  /** The values an enum allows. */
  readonly allowed?: readonly string[];
  /** The other field of a relation (e.g. "limits.tableMaxMinor"), or the standard a value must follow. */
  readonly other?: string;
  /** The bet a side-bet rule names (a spot or a side bet id, e.g. "lucky-6"). */
  readonly bet?: string;
  /** not-offered: the variant that does not offer the bet. */
  readonly variant?: string;
  /** below-minimum-rtp: the bet's exact return in percent (the minimum is `limit`). */
  readonly rtpPercent?: number;
}

type Issue = z.core.$ZodIssue;

const RULES: ReadonlySet<string> = new Set<string>(FIELD_RULES);

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Whether `input` has a value at `path` (absent fields are "required", present ones of the wrong kind "type"). */
function present(input: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return false;
    if (!Object.hasOwn(at, key as string)) return false;
    at = (at as Record<string, unknown>)[key as string];
  }
  return at !== undefined;
}

function fromCustom(path: string, params: Record<string, unknown> | undefined): FieldIssue {
  const rule = typeof params?.rule === 'string' && RULES.has(params.rule) ? (params.rule as FieldRule) : 'relation';
  const other = typeof params?.other === 'string' ? params.other : undefined;
  const limit = typeof params?.limit === 'number' ? params.limit : undefined;
  const bet = typeof params?.bet === 'string' ? params.bet : undefined;
  const variant = typeof params?.variant === 'string' ? params.variant : undefined;
  const rtpPercent = typeof params?.rtpPercent === 'number' ? params.rtpPercent : undefined;
  // A relation names its sibling field by name only inside an object: make it a full path.
  const sibling = other !== undefined && /^[a-zA-Z]+$/.test(other) && path.includes('.');
  const fullOther = sibling ? `${path.slice(0, path.lastIndexOf('.'))}.${other}` : other;
  return {
    path,
    rule,
    ...(limit !== undefined ? { limit } : {}),
    ...(fullOther !== undefined ? { other: fullOther } : {}),
    ...(bet !== undefined ? { bet } : {}),
    ...(variant !== undefined ? { variant } : {}),
    ...(rtpPercent !== undefined ? { rtpPercent } : {}),
  };
}

function one(issue: Issue, input: unknown): FieldIssue[] {
  const path = pathOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return [{ path, rule: 'integer' }];
      return [{ path, rule: present(input, issue.path) ? 'type' : 'required' }];
    case 'too_small': {
      const min = Number(issue.minimum);
      return [{ path, rule: 'min', limit: issue.inclusive === false ? min + 1 : min }];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return [{ path, rule: 'max', limit: issue.inclusive === false ? max - 1 : max }];
    }
    case 'not_multiple_of':
      return [{ path, rule: 'integer' }];
    case 'invalid_value':
      return [{ path, rule: 'enum', allowed: issue.values.map(String) }];
    case 'invalid_format':
      return [{ path, rule: 'pattern' }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, rule: 'unknown-field' as const }));
    case 'invalid_union': {
      // A union of literals (Tie pays 8 or 9) is an enum; a union of kinds (a string or null) is a type.
      const branches = issue.errors.flat();
      if (branches.length > 0 && branches.every((b) => b.code === 'invalid_value')) {
        return [{ path, rule: 'enum', allowed: branches.flatMap((b) => b.values.map(String)) }];
      }
      return [{ path, rule: present(input, issue.path) ? 'type' : 'required' }];
    }
    case 'custom':
      return [fromCustom(path, issue.params)];
    default:
      return [{ path, rule: 'type' }];
  }
}

/** Structured issues from zod's, one per bad field (and one per unknown field). */
export function fieldIssues(issues: readonly Issue[], input: unknown): FieldIssue[] {
  return issues.flatMap((issue) => one(issue, input));
}

/** One line per field for the command line and the log: path and what is allowed. */
export function describeFieldIssue(issue: FieldIssue): string {
  const where = issue.path || '(file)';
  switch (issue.rule) {
    case 'required':
      return `${where}: required`;
    case 'type':
      return `${where}: wrong kind of value`;
    case 'integer':
      return `${where}: must be a whole number`;
    case 'min':
      return `${where}: must be at least ${issue.limit}`;
    case 'max':
      return `${where}: must be at most ${issue.limit}`;
    case 'enum':
      return issue.allowed
        ? `${where}: must be one of ${issue.allowed.join(', ')}`
        : `${where}: must be a valid ${issue.other ?? 'value'}`;
    case 'pattern':
      return `${where}: has the wrong format`;
    case 'increasing':
      return `${where}: must be strictly increasing`;
    case 'unique':
      return `${where}: must not repeat a value`;
    case 'relation':
      return `${where}: must fit ${issue.other ?? 'the related field'}${issue.limit !== undefined ? ` (${issue.limit})` : ''}`;
    case 'unknown-field':
      return `${where}: unknown field (not allowed)`;
    case 'not-offered':
      return `${where}: ${issue.bet ?? 'this bet'} is not offered with the ${issue.variant ?? 'chosen'} variant`;
    case 'below-minimum-rtp':
      return `${where}: ${issue.bet ?? 'this bet'} returns ${issue.rtpPercent?.toFixed(2) ?? '?'}%, below the minimum ${issue.limit ?? '?'}%`;
  }
}
