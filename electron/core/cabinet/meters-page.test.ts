import { describe, expect, it } from 'vitest';
import { METERS_HEADER as HEADER, SAMPLE_METERS as METERS } from '../../testing/meters-fixture.ts';
import { escapeHtml, metersHtml } from './meters-page.ts';
import { formatAmount, meterRows } from './meters-report.ts';

/** The cells of one meter's table row, as text. */
function rowCells(html: string, id: string): string[] | null {
  const row = new RegExp(`<tr data-meter="${id}">(.*?)</tr>`).exec(html)?.[1];
  return row ? [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1] ?? '') : null;
}

describe('metersHtml: the printable page', () => {
  it('has every meter row of the CSV, in the same order, with its count, minor units and amount', () => {
    const { html } = metersHtml(METERS, HEADER);
    const rows = meterRows(METERS, HEADER.currency);
    expect([...html.matchAll(/<tr data-meter="([^"]+)">/g)].map((m) => m[1])).toEqual(rows.map((r) => r.id));
    for (const r of rows) {
      expect(rowCells(html, r.id), r.id).toEqual([
        r.id,
        escapeHtml(r.label),
        r.count === null ? '' : String(r.count),
        r.amountMinor === null ? '' : String(r.amountMinor),
        r.amountMinor === null ? '' : formatAmount(r.amountMinor, 2),
      ]);
    }
    expect(rowCells(html, 'bills-in')).toEqual([
      'bills-in',
      'Bills in (notes stacked and credited)',
      '5',
      '8500',
      '85.00',
    ]);
    expect(rowCells(html, 'bills-in-2000')).toEqual([
      'bills-in-2000',
      'Bills in: 20.00 EUR notes',
      '1',
      '2000',
      '20.00',
    ]);
    expect(rowCells(html, 'rounds-tied')).toEqual(['rounds-tied', 'Rounds tied (push)', '1', '', '']);
  });

  it('a header with the cabinet, the config hash, the time and the currency; named like the CSV', () => {
    const { fileName, html } = metersHtml(METERS, HEADER);
    expect(fileName).toBe('meters-BK-0042-20261201T030405Z.html');
    expect(html).toContain('<th scope="row">Cabinet</th><td>BK-0042</td>');
    expect(html).toContain(`<th scope="row">Config SHA-256</th><td>${'ab'.repeat(32)}</td>`);
    expect(html).toContain('<th scope="row">Generated at</th><td>2026-12-01T03:04:05.678Z</td>');
    expect(html).toContain('<th scope="row">Currency</th><td>EUR (2 minor digits)</td>');
    expect(html).toContain('<th class="n">Amount (EUR)</th>');
  });

  it('formats amounts with the venue minor digits (0 and 3)', () => {
    const yen = metersHtml(METERS, { ...HEADER, currency: { code: 'JPY', minorDigits: 0 } }).html;
    expect(rowCells(yen, 'bills-in')?.slice(2)).toEqual(['5', '8500', '8500']);
    expect(rowCells(yen, 'bills-in-500')?.[1]).toBe('Bills in: 500 JPY notes');
    const dinar = metersHtml(METERS, { ...HEADER, currency: { code: 'KWD', minorDigits: 3 } }).html;
    expect(rowCells(dinar, 'refunds')?.slice(2)).toEqual(['', '200', '0.200']);
  });

  it('stands alone for print: A4, black on white, no script, nothing loaded from anywhere', () => {
    const { html } = metersHtml(METERS, HEADER);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('@page { size: A4 portrait;');
    expect(html).toContain('background: #fff; color: #000;');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|href=|url\(|@import|\bon[a-z]+=/i);
  });

  it('escapes text: a cabinet id with <script> comes out inert', () => {
    const cabinetId = `<script>alert("x")</script>&'`;
    const { html, fileName } = metersHtml(METERS, { ...HEADER, cabinetId });
    expect(html).not.toContain('<script');
    expect(html).toContain('<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</td>');
    expect(html).toContain('<title>Meters &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39; ');
    expect(fileName).toBe('meters-script-alert-x-script-20261201T030405Z.html');
    const currency = metersHtml(METERS, { ...HEADER, currency: { code: '<b>', minorDigits: 2 } }).html;
    expect(currency).not.toContain('<b>');
    expect(currency).toContain('Amount (&lt;b&gt;)');
  });
});
