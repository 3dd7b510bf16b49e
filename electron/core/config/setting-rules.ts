/**
 * When each venue setting may change (docs/cabinet-rules.md#staff-actions-with-money-on-the-cabinet).
 * A setting that changes what the money on the meter means (its currency, its number of decimal
 * places, whether the meter is real or demo money, the value of a note the acceptor takes) changes only
 * while the cabinet holds no money; limits, sound and the like change at any time between rounds. The
 * inputs and device ports change only by re-provisioning and a restart: a live change from the screen
 * could point the key switch at any file.
 *
 * A rule names a leaf path of the venue config as config-diff.ts reports it; `#` stands for a list
 * index, and a rule covers every leaf under its path. The longest rule that matches wins; a leaf no
 * rule names is treated as money-bearing (the safe side), and a test keeps every leaf named.
 */
import { configChanges } from './config-diff.ts';
import type { VenueConfig } from './venue-config.ts';

/**
 * - `any-time`: changes between rounds whatever the meter holds;
 * - `empty-cabinet`: only while the cabinet holds no money;
 * - `empty-cabinet-if-accepted`: a bill channel's note value or number, only while the cabinet holds no
 *   money when the channel accepts notes before or after the change (a disabled channel is in no one's hands).
 */
export type SettingWhileMoney = 'any-time' | 'empty-cabinet' | 'empty-cabinet-if-accepted';

/** `live`: from the technician's screen; `restart`: only from the installation's venue file at start-up. */
export type SettingChange = 'live' | 'restart';

export interface SettingRule {
  readonly path: string;
  readonly whileMoney: SettingWhileMoney;
  readonly change: SettingChange;
}

export const SETTING_RULES: readonly SettingRule[] = [
  { path: 'profile', whileMoney: 'any-time', change: 'live' },
  { path: 'limits', whileMoney: 'any-time', change: 'live' },
  { path: 'billChannels.#', whileMoney: 'empty-cabinet-if-accepted', change: 'live' },
  { path: 'billChannels.#.enabled', whileMoney: 'any-time', change: 'live' },
  { path: 'demoMode', whileMoney: 'empty-cabinet', change: 'live' },
  { path: 'demoCreditsMinor', whileMoney: 'any-time', change: 'live' },
  { path: 'currency', whileMoney: 'empty-cabinet', change: 'live' },
  { path: 'attractIdleS', whileMoney: 'any-time', change: 'live' },
  { path: 'playerInactivityS', whileMoney: 'any-time', change: 'live' },
  { path: 'defaultLanguage', whileMoney: 'any-time', change: 'live' },
  { path: 'sound', whileMoney: 'any-time', change: 'live' },
  { path: 'devices.rng', whileMoney: 'any-time', change: 'live' },
  { path: 'devices.rng.port', whileMoney: 'any-time', change: 'restart' },
  { path: 'devices.billAcceptor', whileMoney: 'any-time', change: 'live' },
  { path: 'devices.billAcceptor.port', whileMoney: 'any-time', change: 'restart' },
  { path: 'inputs', whileMoney: 'any-time', change: 'restart' },
  { path: 'roads', whileMoney: 'any-time', change: 'live' },
  { path: 'squeeze', whileMoney: 'any-time', change: 'live' },
  { path: 'staff', whileMoney: 'any-time', change: 'live' },
  { path: 'journal.criticalCopyPath', whileMoney: 'any-time', change: 'restart' },
  { path: 'journal.retainRounds', whileMoney: 'any-time', change: 'live' },
  // A change applies at once when it is stricter, else from the next session (docs/responsible-gaming.md#changing-the-settings).
  { path: 'responsibleGaming', whileMoney: 'any-time', change: 'live' },
  // The link to the table starts with the cabinet (docs/stadium.md#terminals): a new table, broker or key takes a restart.
  { path: 'stadium', whileMoney: 'any-time', change: 'restart' },
  // The floor under every offered bet's return (docs/cabinet-rules.md#side-bets-at-the-cabinet): a rule, not money.
  { path: 'minimumRtpPercent', whileMoney: 'any-time', change: 'live' },
];

/** A leaf no rule names: refused with money on the cabinet, and never changed live. */
const UNNAMED: SettingRule = { path: '', whileMoney: 'empty-cabinet', change: 'restart' };

function covers(rulePath: string, leaf: readonly string[]): boolean {
  const parts = rulePath.split('.');
  if (parts.length > leaf.length) return false;
  return parts.every((part, i) => (part === '#' ? /^\d+$/.test(leaf[i]!) : part === leaf[i]));
}

/** The rule for one leaf path (e.g. `billChannels.2.valueMinor`). */
export function settingRule(leafPath: string): SettingRule {
  const leaf = leafPath.split('.');
  let best: SettingRule | null = null;
  for (const rule of SETTING_RULES) {
    if (covers(rule.path, leaf) && (!best || rule.path.split('.').length > best.path.split('.').length)) best = rule;
  }
  return best ?? UNNAMED;
}

/** What a change from `before` to `after` may not do now: the fields it would change against their rules. */
export interface SettingsVerdict {
  /** Fields that may change only while the cabinet holds no money. */
  readonly needEmptyCabinet: readonly string[];
  /** Fields that change only by re-provisioning and a restart. */
  readonly needRestart: readonly string[];
}

/** The bill channel entry a `billChannels.<i>…` leaf belongs to, in one config. */
function channelAccepts(config: VenueConfig, leaf: readonly string[]): boolean {
  const entry = config.billChannels[Number(leaf[1])];
  return entry?.enabled === true;
}

/** Sorts the changed fields of `before` → `after` by their rules. */
export function judgeSettings(before: VenueConfig, after: VenueConfig): SettingsVerdict {
  const needEmptyCabinet: string[] = [];
  const needRestart: string[] = [];
  for (const { field } of configChanges(before, after)) {
    const rule = settingRule(field);
    if (rule.change === 'restart') needRestart.push(field);
    const leaf = field.split('.');
    const moneyBearing =
      rule.whileMoney === 'empty-cabinet' ||
      (rule.whileMoney === 'empty-cabinet-if-accepted' &&
        (channelAccepts(before, leaf) || channelAccepts(after, leaf)));
    if (moneyBearing) needEmptyCabinet.push(field);
  }
  return { needEmptyCabinet, needRestart };
}
