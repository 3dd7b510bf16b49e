import { describe, expect, it } from 'vitest';
import { configAuditCsv } from './config-file.ts';
import { configChanges, storedValueText } from './config-diff.ts';
import { DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from './venue-config.ts';

const EUR = { code: 'EUR', minorDigits: 2 };

function withTableMax(config: VenueConfig, tableMaxMinor: number): VenueConfig {
  return parseVenueConfig({ ...config, limits: { ...config.limits, tableMaxMinor } });
}

describe('text about a config change for people words amounts as money with the currency, never as cents', () => {
  it('a changed amount is stored in minor units and worded in major units: 1000.00 EUR → 2000.00 EUR', () => {
    const before = withTableMax(DEFAULT_VENUE_CONFIG, 100_000);
    const after = withTableMax(before, 200_000);
    const [change] = configChanges(before, after);
    expect(change).toEqual({ field: 'limits.tableMaxMinor', oldValue: '100000', newValue: '200000' });
    expect([change!.oldValue, change!.newValue].map((v) => storedValueText(change!.field, v, EUR))).toEqual([
      '1000.00 EUR',
      '2000.00 EUR',
    ]);
  });

  it('a stored amount, a list of chips and a currency without decimals, each as money; other fields as stored', () => {
    expect(storedValueText('limits.spots.tie.maxMinor', '10000', EUR)).toBe('100.00 EUR');
    expect(storedValueText('limits.chipDenominationsMinor', '[10,2500]', EUR)).toBe('[0.10 EUR, 25.00 EUR]');
    expect(storedValueText('limits.chipDenominationsMinor.4', '20000', { code: 'JPY', minorDigits: 0 })).toBe(
      '20000 JPY',
    );
    expect(storedValueText('limits.tableMaxMinor', 'absent', EUR)).toBe('absent');
    expect(storedValueText('profile.decks', '8', EUR)).toBe('8');
  });

  it("the audit CSV has the money for a person and the journal's minor units under a header that says so", () => {
    const csv = configAuditCsv(
      [
        {
          id: 1,
          at: '2026-12-01T00:00:00.000Z',
          role: 'technician',
          field: 'limits.tableMaxMinor',
          oldValue: '10000',
          newValue: '20000',
        },
      ],
      EUR,
    );
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe('id,at,role,field,old_value,new_value,old_stored_minor_units,new_stored_minor_units');
    expect(row).toBe('1,2026-12-01T00:00:00.000Z,technician,limits.tableMaxMinor,100.00 EUR,200.00 EUR,10000,20000');
  });
});
