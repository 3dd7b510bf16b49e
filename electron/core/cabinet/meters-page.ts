/**
 * The meters as a printable page (docs/cabinet-rules.md#meters): the same rows as the CSV
 * (meterRows in meters-report.ts), the same header (cabinet, config hash, time, currency), laid
 * out for an A4 sheet, black on white. The page stands alone: its only style is inline, it has no
 * script and loads nothing (a Content-Security-Policy of `default-src 'none'` says so to the
 * browser as well), and every piece of text in it is escaped, so a cabinet name such as
 * `<script>` prints as those characters. Pure, like the CSV.
 */
import type { Meters } from '../model/meters.ts';
import { formatAmount, meterRows, metersFileName, type MeterRow, type MetersReportHeader } from './meters-report.ts';

/** The printable export: what `tech:meters:export {format:'html'}` answers. */
export interface MetersPage {
  readonly fileName: string;
  readonly html: string;
}

const GROUP_TITLE: Readonly<Record<MeterRow['group'], string>> = {
  'money-in': 'Money in',
  'money-out': 'Money out',
  play: 'Play',
  games: 'Games',
  voids: 'Voids and refunds',
  events: 'Cabinet events',
};

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const STYLE = `
@page { size: A4 portrait; margin: 15mm; }
* { box-sizing: border-box; }
html, body { margin: 0; background: #fff; color: #000; }
body { font: 10pt/1.35 Arial, Helvetica, sans-serif; }
h1 { font-size: 16pt; margin: 0 0 4mm; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 1.2mm 2mm; text-align: left; vertical-align: top; }
.header { margin-bottom: 6mm; }
.header th { width: 32mm; font-weight: bold; }
.header td { font-family: "Courier New", Courier, monospace; word-break: break-all; }
.meters thead th { border-bottom: 0.6mm solid #000; }
.meters tbody th { padding-top: 3mm; border-bottom: 0.2mm solid #000; font-size: 10.5pt; }
.meters td { border-bottom: 0.1mm solid #000; }
.meters .n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.meters .id { font-family: "Courier New", Courier, monospace; white-space: nowrap; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
`;

function cell(value: string, className?: string): string {
  return className ? `<td class="${className}">${escapeHtml(value)}</td>` : `<td>${escapeHtml(value)}</td>`;
}

function meterRow(m: MeterRow, minorDigits: number): string {
  const amount = m.amountMinor === null ? '' : formatAmount(m.amountMinor, minorDigits);
  return [
    `<tr data-meter="${escapeHtml(m.id)}">`,
    cell(m.id, 'id'),
    cell(m.label),
    cell(m.count === null ? '' : String(m.count), 'n'),
    cell(m.amountMinor === null ? '' : String(m.amountMinor), 'n'),
    cell(amount, 'n'),
    '</tr>',
  ].join('');
}

/** The meters as a self-contained, print-ready HTML page (layout in the file comment). */
export function metersHtml(meters: Meters, header: MetersReportHeader): MetersPage {
  const { code, minorDigits } = header.currency;
  const rows = meterRows(meters, header.currency);
  const groups = [...new Set(rows.map((r) => r.group))];
  const body = groups.map((g) =>
    [
      `<tbody><tr><th colspan="5" scope="rowgroup">${escapeHtml(GROUP_TITLE[g])}</th></tr>`,
      ...rows.filter((r) => r.group === g).map((r) => meterRow(r, minorDigits)),
      '</tbody>',
    ].join('\n'),
  );
  const headerRow = (name: string, value: string): string =>
    `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(`Meters ${header.cabinetId} ${header.at}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<h1>Meters</h1>',
    '<table class="header"><tbody>',
    headerRow('Cabinet', header.cabinetId),
    headerRow('Config SHA-256', header.configHash),
    headerRow('Generated at', header.at),
    headerRow('Currency', `${code} (${minorDigits} minor digits)`),
    '</tbody></table>',
    '<table class="meters">',
    '<thead><tr><th>Meter</th><th>Description</th><th class="n">Count</th><th class="n">Minor units</th>' +
      `<th class="n">${escapeHtml(code ? `Amount (${code})` : 'Amount')}</th></tr></thead>`,
    ...body,
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { fileName: metersFileName(header.cabinetId, header.at, 'html'), html };
}
