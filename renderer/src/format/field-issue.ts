/**
 * A configuration field's problem in words, from main's structured FieldIssue {path, rule, limit, allowed,
 * other}: the rule picks the sentence, an amount field's limits are money in the screen's locale and currency,
 * the other field of a relation is named by its own label. Main's English never reaches the screen, and a
 * field with several problems shows one (docs/venue-config.md#amounts-on-the-configuration-screen).
 */
import type { FieldIssue } from '../stores/staff-types.ts';
import { CONFIG_AMOUNT_RANGE } from './amount-entry.ts';
import { isAmountPath } from './config-value.ts';
import { formatMinor } from './money.ts';
import { formatPercent } from './rules-returns.ts';

type T = (key: string, named?: Record<string, unknown>) => string;
type TE = (key: string) => boolean;
/** The screen's money formatter (useMoney); plain digits where a caller has none. */
type Money = (minor: number) => string;
/** The screen's percent formatter, for a fraction (0.9894 → "98.94 %"). */
type Percent = (fraction: number) => string;
const plainPercent: Percent = (fraction) => formatPercent(fraction, 'en');

/** A bet named in an issue: a side bet by its own name, a main spot by the spot's. */
function betName(bet: string | undefined, t: T, te: TE): string {
  if (bet === undefined) return '';
  if (te(`sideBets.name.${bet}`)) return t(`sideBets.name.${bet}`);
  return te(`spot.${bet}`) ? t(`spot.${bet}`) : bet;
}

/** The two side-bet rules (docs/cabinet-rules.md#side-bets-at-the-cabinet), or null for any other rule. */
function sideBetIssueText(issue: FieldIssue, t: T, te: TE, percent: Percent): string | null {
  const bet = betName(issue.bet, t, te);
  if (issue.rule === 'not-offered') {
    const variantKey = `sideBets.variant.${issue.variant ?? ''}`;
    return t('sideBets.issue.notOffered', { bet, variant: te(variantKey) ? t(variantKey) : (issue.variant ?? '') });
  }
  if (issue.rule === 'below-minimum-rtp') {
    return t('sideBets.issue.belowMinimumRtp', {
      bet,
      rtp: percent((issue.rtpPercent ?? 0) / 100),
      limit: percent((issue.limit ?? 0) / 100),
    });
  }
  return null;
}

/** The label of a config field: its last named segment translated, a list index as "#n". */
export function fieldLabel(path: string, t: T, te: TE): string {
  const segments = path.split('.').filter((s) => s.length > 0);
  const named = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  if (!named) return path;
  const key = `staff.field.${named}`;
  // Side-bet fields and bets are named in their own section (renderer/src/i18n/sideBets/).
  const sideKey = [`sideBets.field.${named}`, `sideBets.name.${named}`].find((k) => te(k));
  const label = te(key) ? t(key) : sideKey !== undefined ? t(sideKey) : named;
  const index = segments.find((s) => /^\d+$/.test(s));
  const spot = segments.find((s) => s === 'player' || s === 'banker' || s === 'tie');
  // A side bet's own limit names the bet before the limit ("Lucky 6 · Min bet").
  const sideBet = segments.find((s) => s !== named && te(`sideBets.name.${s}`));
  const owner = spot ? t(`spot.${spot}`) : sideBet ? t(`sideBets.name.${sideBet}`) : null;
  const parts = [owner, label, index !== undefined ? `#${Number(index) + 1}` : null];
  return parts.filter((p) => p !== null).join(' · ');
}

/** The rule an amount field's problem is worded by: a missing or non-whole amount asks for one in range. */
function amountKey(rule: FieldIssue['rule']): string | null {
  switch (rule) {
    case 'required':
    case 'type':
    case 'integer':
      return 'staff.amount.empty';
    case 'min':
      return 'staff.amount.atLeast';
    case 'max':
      return 'staff.amount.atMost';
    default:
      return null;
  }
}

export function fieldIssueText(
  issue: FieldIssue,
  t: T,
  te: TE,
  money: Money = formatMinor,
  percent: Percent = plainPercent,
): string {
  const sideBet = sideBetIssueText(issue, t, te, percent);
  if (sideBet !== null) return sideBet;
  const amount = isAmountPath(issue.path);
  const limit = issue.limit === undefined ? '' : amount ? money(issue.limit) : String(issue.limit);
  const byAmount = amount ? amountKey(issue.rule) : null;
  if (byAmount) {
    const min = issue.rule === 'min' && issue.limit !== undefined ? issue.limit : CONFIG_AMOUNT_RANGE.min;
    const max = issue.rule === 'max' && issue.limit !== undefined ? issue.limit : CONFIG_AMOUNT_RANGE.max;
    return t(byAmount, { min: money(min), max: money(max) });
  }
  const withLimit = issue.rule === 'relation' && issue.limit !== undefined;
  const notJson = issue.rule === 'type' && issue.other === 'json';
  const key = notJson ? 'staff.rule.typeJson' : withLimit ? 'staff.rule.relationLimit' : `staff.rule.${issue.rule}`;
  if (!te(key)) return t('staff.rule.unknown');
  return t(key, {
    limit,
    allowed: (issue.allowed ?? []).join(', '),
    other: issue.other ? fieldLabel(issue.other, t, te) : '',
  });
}

/** The problem with the field's name in front: "Table maximum: at most 100,000,000.00 €". */
export function fieldProblemText(
  issue: FieldIssue,
  t: T,
  te: TE,
  money: Money = formatMinor,
  percent: Percent = plainPercent,
): string {
  const text = fieldIssueText(issue, t, te, money, percent);
  // A problem with the whole file (path "") has no field to name.
  return issue.path === '' ? text : `${fieldLabel(issue.path, t, te)}: ${text}`;
}

/** Which of a field's problems is said first: a missing value before a wrong one, a bound before a relation. */
const FIRST = ['required', 'type', 'integer', 'pattern', 'enum', 'min', 'max', 'increasing', 'unique', 'relation'];
const rank = (i: FieldIssue): number => {
  const at = FIRST.indexOf(i.rule);
  return at < 0 ? FIRST.length : at;
};

/**
 * One problem per field, so a person reads one sentence: the first by FIRST; of two bounds of one kind the
 * tighter (zod reports both the safe-integer bound and the cabinet's largest amount for one value).
 */
export function oneIssuePerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const byPath = new Map<string, FieldIssue>();
  for (const issue of issues) {
    const kept = byPath.get(issue.path);
    if (!kept || rank(issue) < rank(kept)) byPath.set(issue.path, issue);
    else if (rank(issue) === rank(kept) && issue.limit !== undefined && kept.limit !== undefined) {
      const tighter = issue.rule === 'min' ? issue.limit > kept.limit : issue.limit < kept.limit;
      if (tighter) byPath.set(issue.path, issue);
    }
  }
  return [...byPath.values()];
}
