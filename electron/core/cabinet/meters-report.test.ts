import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METERS_HEADER as HEADER, SAMPLE_METERS as METERS } from '../../testing/meters-fixture.ts';
import { formatAmount, meterRows, metersCsv, metersFileName } from './meters-report.ts';

describe('formatAmount: the venue minor digits', () => {
  it('formats 0, 2 and 3 minor digits, with sign', () => {
    expect(formatAmount(12_345, 2)).toBe('123.45');
    expect(formatAmount(5, 2)).toBe('0.05');
    expect(formatAmount(0, 2)).toBe('0.00');
    expect(formatAmount(12_345, 0)).toBe('12345');
    expect(formatAmount(12_345, 3)).toBe('12.345');
    expect(formatAmount(7, 3)).toBe('0.007');
    expect(formatAmount(-5, 2)).toBe('-0.05');
    expect(() => formatAmount(1.5, 2)).toThrow(RangeError);
    expect(() => formatAmount(1, 4)).toThrow(RangeError);
  });

  it('reads back to the same minor units for any amount and digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 3 }), (minor, digits) => {
        expect(Math.round(Number(formatAmount(minor, digits)) * 10 ** digits)).toBe(minor);
      }),
    );
  });
});

describe('meterRows: the full set of docs/cabinet-rules.md#meters', () => {
  it('lists every meter once, with a row per bill denomination in ascending value', () => {
    const rows = meterRows(METERS, HEADER.currency);
    expect(rows.map((r) => r.id)).toEqual([
      'bills-in',
      'bills-in-500',
      'bills-in-2000',
      'bills-in-5000',
      'cash-out',
      'handpay',
      'wagered',
      'wagered-player',
      'wagered-banker',
      'wagered-tie',
      'won',
      'won-player',
      'won-banker',
      'won-tie',
      'rounds-played',
      'rounds-won',
      'rounds-lost',
      'rounds-tied',
      'rounds-voided',
      'refunds',
      'power-ups',
      'door-opens',
    ]);
    expect(rows[0]).toMatchObject({ count: 5, amountMinor: 8_500 });
    expect(rows[1]).toMatchObject({
      count: 3,
      amountMinor: 1_500,
      denominationMinor: 500,
      label: 'Bills in: 5.00 EUR notes',
    });
    expect(rows.find((r) => r.id === 'rounds-played')).toMatchObject({ count: 3, amountMinor: null });
    expect(rows.find((r) => r.id === 'refunds')).toMatchObject({ count: null, amountMinor: 200 });
  });

  it('the denomination rows add up to the bills-in meter', () => {
    const rows = meterRows(METERS);
    const byDenomination = rows.filter((r) => r.denominationMinor !== undefined);
    expect(byDenomination.reduce((s, r) => s + (r.amountMinor ?? 0), 0)).toBe(METERS.billsInMinor);
  });
});

describe('side-bet meters: a wagered and a won row per side bet once it has been played', () => {
  it('adds no row for a side bet never staked, and a pair of rows after the main spots for one that was', () => {
    const ids = (m: typeof METERS): string[] => meterRows(m).map((r) => r.id);
    expect(ids(METERS).some((id) => id.includes('lucky-6'))).toBe(false);
    const played = {
      ...METERS,
      wageredBySpot: { ...METERS.wageredBySpot, 'lucky-6': 300 },
      wonBySpot: { ...METERS.wonBySpot, 'lucky-6': 1_300 },
    };
    const rows = meterRows(played);
    expect(rows.find((r) => r.id === 'wagered-lucky-6')).toMatchObject({
      label: 'Wagered on Lucky 6',
      amountMinor: 300,
    });
    expect(rows.find((r) => r.id === 'won-lucky-6')).toMatchObject({ label: 'Won on Lucky 6', amountMinor: 1_300 });
    const order = ids(played);
    expect(order.indexOf('wagered-lucky-6')).toBe(order.indexOf('wagered-tie') + 1);
    expect(order.indexOf('won-lucky-6')).toBe(order.indexOf('won-tie') + 1);
  });
});

describe('metersCsv', () => {
  it('a header with identity, config hash, time and currency, then one row per meter', () => {
    const { fileName, csv } = metersCsv(METERS, HEADER);
    expect(fileName).toBe('meters-BK-0042-20261201T030405Z.csv');
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'cabinet,BK-0042',
      `config_sha256,${'ab'.repeat(32)}`,
      'generated_at,2026-12-01T03:04:05.678Z',
      'currency,EUR,2 minor digits',
      '',
      'meter,description,count,minor_units,amount',
    ]);
    expect(lines).toContain('bills-in,Bills in (notes stacked and credited),5,8500,85.00');
    expect(lines).toContain('bills-in-2000,Bills in: 20.00 EUR notes,1,2000,20.00');
    expect(lines).toContain('won-banker,Won on Banker,,950,9.50');
    expect(lines).toContain('rounds-tied,Rounds tied (push),1,,');
    expect(lines).toContain('door-opens,Door openings,2,,');
    expect(lines.at(-1)).toBe('');
    expect(lines.length).toBe(6 + meterRows(METERS).length + 1);
  });

  it('uses the venue minor digits (0 and 3)', () => {
    const yen = metersCsv(METERS, { ...HEADER, currency: { code: 'JPY', minorDigits: 0 } }).csv;
    expect(yen).toContain('\r\nbills-in,Bills in (notes stacked and credited),5,8500,8500\r\n');
    expect(yen).toContain('bills-in-500,Bills in: 500 JPY notes,3,1500,1500');
    const dinar = metersCsv(METERS, { ...HEADER, currency: { code: 'KWD', minorDigits: 3 } }).csv;
    expect(dinar).toContain('\r\nrefunds,Refunds (stakes of voided rounds),,200,0.200\r\n');
  });

  it('quotes and defuses text cells (a cabinet name with a comma or a leading =)', () => {
    const { csv, fileName } = metersCsv(METERS, { ...HEADER, cabinetId: '=HYPERLINK("x"),1' });
    expect(csv.split('\r\n')[0]).toBe(`cabinet,"'=HYPERLINK(""x""),1"`);
    expect(fileName).toMatch(/^meters-HYPERLINK-x-1-20261201T030405Z\.csv$/);
    expect(metersFileName('', HEADER.at)).toBe('meters-cabinet-20261201T030405Z.csv');
  });
});
