/**
 * A configuration field's problem in words, from main's structured FieldIssue {path, rule, limit, allowed,
 * other}: the rule picks the sentence, the limit is shown as money for a money field, the other field of a
 * relation is named by its own label. Main's English never reaches the screen.
 */
import type { FieldIssue } from '../stores/staff-types.ts';
import { formatMinor } from './money.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;

/** The label of a config field: its last named segment translated, a list index as "#n". */
export function fieldLabel(path: string, t: T, te: TE): string {
  const segments = path.split('.').filter((s) => s.length > 0);
  const named = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  if (!named) return path;
  const key = `staff.field.${named}`;
  const label = te(key) ? t(key) : named;
  const index = segments.find((s) => /^\d+$/.test(s));
  const spot = segments.find((s) => s === 'player' || s === 'banker' || s === 'tie');
  const parts = [spot ? t(`spot.${spot}`) : null, label, index !== undefined ? `#${Number(index) + 1}` : null];
  return parts.filter((p) => p !== null).join(' · ');
}

function limitText(issue: FieldIssue): string {
  if (issue.limit === undefined) return '';
  return /Minor(\.\d+)?$/.test(issue.path) ? formatMinor(issue.limit) : String(issue.limit);
}

export function fieldIssueText(issue: FieldIssue, t: T, te: TE): string {
  const withLimit = issue.rule === 'relation' && issue.limit !== undefined;
  const key = withLimit ? 'staff.rule.relationLimit' : `staff.rule.${issue.rule}`;
  if (!te(key)) return t('staff.rule.unknown');
  return t(key, {
    limit: limitText(issue),
    allowed: (issue.allowed ?? []).join(', '),
    other: issue.other ? fieldLabel(issue.other, t, te) : '',
  });
}
