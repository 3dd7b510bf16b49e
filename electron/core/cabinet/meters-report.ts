/**
 * The meters the way a lab reads them (docs/cabinet-rules.md#meters): one row per meter in the
 * order of the rule (money in with a row per bill denomination, money out, wagered and won with
 * their split by spot, games, voids and refunds, cabinet events), each with a stable id the
 * touchscreen translates, and the CSV export of the same rows (the printable page of them is
 * meters-page.ts). Pure: the caller passes the cabinet's identity, the config hash, the time and
 * the venue's currency.
 *
 * CSV layout (RFC 4180, CRLF line ends): four header rows (`cabinet`, `config_sha256`,
 * `generated_at`, `currency`), a blank row, then the column row
 * `meter,description,count,minor_units,amount` and one row per meter. A money meter fills
 * `minor_units` and `amount` (formatted with the venue's minor digits, "." as the decimal
 * separator, no grouping); a count meter fills `count`; a bill-denomination row fills all three.
 */
import { SPOTS, type Spot } from '../engine/settlement.ts';
import type { SideBet } from '../engine/side-bets.ts';
import { formatAmount, type MinorUnits } from '../money/minor-units.ts';
import { meteredSideBets, type Meters } from '../model/meters.ts';

export interface MeterRow {
  /** Stable id: the CSV's `meter` column and the touchscreen's translation key. */
  readonly id: string;
  /** English description (the lab's column; the screen translates `id` instead). */
  readonly label: string;
  readonly group: 'money-in' | 'money-out' | 'play' | 'games' | 'voids' | 'events';
  /** Counted things (notes, rounds, events); null for a pure money meter. */
  readonly count: number | null;
  /** Money in minor units; null for a pure count meter. */
  readonly amountMinor: MinorUnits | null;
  /** The note value of a per-denomination row. */
  readonly denominationMinor?: MinorUnits;
}

export interface Currency {
  /** ISO 4217, e.g. "EUR". */
  readonly code: string;
  /** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. */
  readonly minorDigits: number;
}

export interface MetersReportHeader {
  /** The cabinet's identity (asset or machine name). */
  readonly cabinetId: string;
  /** SHA-256 of the venue config in force (critical memory's config hash). */
  readonly configHash: string;
  /** When the report was made, ISO-8601. */
  readonly at: string;
  readonly currency: Currency;
}

/** The CSV export: what `tech:meters:export {format:'csv'}` answers. */
export interface MetersCsv {
  readonly fileName: string;
  readonly csv: string;
}

/** The CSV's amount column: the venue's minor digits, "." as the decimal sign, no grouping. */
export { formatAmount };

const SPOT_NAME: Readonly<Record<Spot, string>> = { player: 'Player', banker: 'Banker', tie: 'Tie' };
const SIDE_BET_NAME: Readonly<Record<SideBet, string>> = {
  'player-pair': 'Player Pair',
  'banker-pair': 'Banker Pair',
  'either-pair': 'Either Pair',
  'perfect-pair': 'Perfect Pair',
  'dragon-bonus-player': 'Dragon Bonus Player',
  'dragon-bonus-banker': 'Dragon Bonus Banker',
  'lucky-6': 'Lucky 6',
  'dragon-7': 'Dragon 7',
  'panda-8': 'Panda 8',
};

const money = (id: string, label: string, group: MeterRow['group'], amountMinor: MinorUnits): MeterRow => ({
  id,
  label,
  group,
  count: null,
  amountMinor,
});
const count = (id: string, label: string, group: MeterRow['group'], value: number): MeterRow => ({
  id,
  label,
  group,
  count: value,
  amountMinor: null,
});

/** Every meter, in the order of docs/cabinet-rules.md#meters; bill denominations ascending. */
export function meterRows(m: Meters, currency: Currency = { code: '', minorDigits: 2 }): MeterRow[] {
  const denominations = Object.entries(m.billsByDenomination)
    .map(([value, notes]) => ({ valueMinor: Number(value), notes }))
    .filter((d) => Number.isSafeInteger(d.valueMinor))
    .sort((a, b) => a.valueMinor - b.valueMinor);
  const notesIn = denominations.reduce((sum, d) => sum + d.notes, 0);
  const unit = currency.code ? ` ${currency.code}` : '';
  return [
    { ...money('bills-in', 'Bills in (notes stacked and credited)', 'money-in', m.billsInMinor), count: notesIn },
    ...denominations.map((d): MeterRow => ({
      id: `bills-in-${d.valueMinor}`,
      label: `Bills in: ${formatAmount(d.valueMinor, currency.minorDigits)}${unit} notes`,
      group: 'money-in',
      count: d.notes,
      amountMinor: d.notes * d.valueMinor,
      denominationMinor: d.valueMinor,
    })),
    money('cash-out', 'Cash out (credits collected)', 'money-out', m.cashOutMinor),
    money('handpay', 'Handpay (cancelled credits paid by an attendant)', 'money-out', m.handpayMinor),
    money('wagered', 'Total wagered (settled rounds)', 'play', m.wageredMinor),
    ...SPOTS.map((s) => money(`wagered-${s}`, `Wagered on ${SPOT_NAME[s]}`, 'play', m.wageredBySpot[s])),
    ...meteredSideBets(m).map((b) =>
      money(`wagered-${b}`, `Wagered on ${SIDE_BET_NAME[b]}`, 'play', m.wageredBySpot[b] ?? 0),
    ),
    money('won', 'Total won (returns of settled rounds, stake included)', 'play', m.wonMinor),
    ...SPOTS.map((s) => money(`won-${s}`, `Won on ${SPOT_NAME[s]}`, 'play', m.wonBySpot[s])),
    ...meteredSideBets(m).map((b) => money(`won-${b}`, `Won on ${SIDE_BET_NAME[b]}`, 'play', m.wonBySpot[b] ?? 0)),
    count('rounds-played', 'Rounds played (settled)', 'games', m.roundsPlayed),
    count('rounds-won', 'Rounds won by the player', 'games', m.roundsWon),
    count('rounds-lost', 'Rounds lost by the player', 'games', m.roundsLost),
    count('rounds-tied', 'Rounds tied (push)', 'games', m.roundsTied),
    count('rounds-voided', 'Rounds voided', 'voids', m.roundsVoided),
    money('refunds', 'Refunds (stakes of voided rounds)', 'voids', m.refundsMinor),
    count('power-ups', 'Power-ups', 'events', m.powerUps),
    count('door-opens', 'Door openings', 'events', m.doorOpens),
  ];
}

/** One CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row (RFC 4180 quoting, formulas defused); the other exports use it too (journal-export.ts). */
export function csvRow(cells: ReadonlyArray<string | number | null>): string {
  return cells.map(cell).join(',');
}
const row = csvRow;

/** `<what>-<cabinet>-<yyyymmddThhmmssZ>.<extension>`, safe on every file system. */
export function exportFileName(what: string, cabinetId: string, at: string, extension: string): string {
  const id = cabinetId.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'cabinet';
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${what}-${id.slice(0, 40)}-${stamp}.${extension}`;
}

/** `meters-<cabinet>-<yyyymmddThhmmssZ>.<extension>`, safe on every file system. */
export function metersFileName(cabinetId: string, at: string, extension: 'csv' | 'html' = 'csv'): string {
  return exportFileName('meters', cabinetId, at, extension);
}

/** The meters as a lab's CSV (layout in the file comment). */
export function metersCsv(meters: Meters, header: MetersReportHeader): MetersCsv {
  const { minorDigits, code } = header.currency;
  const lines = [
    row(['cabinet', header.cabinetId]),
    row(['config_sha256', header.configHash]),
    row(['generated_at', header.at]),
    row(['currency', code, `${minorDigits} minor digits`]),
    '',
    row(['meter', 'description', 'count', 'minor_units', 'amount']),
    ...meterRows(meters, header.currency).map((m) =>
      row([
        m.id,
        m.label,
        m.count,
        m.amountMinor,
        m.amountMinor === null ? null : formatAmount(m.amountMinor, minorDigits),
      ]),
    ),
  ];
  return { fileName: metersFileName(header.cabinetId, header.at), csv: lines.join('\r\n') + '\r\n' };
}
