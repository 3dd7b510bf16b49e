import { afterEach, describe, expect, it } from 'vitest';
import type { OfferedReturn } from '../core/config/side-bet-settings.ts';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { closeCabinets, setupCabinet } from '../testing/cabinet-harness.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

async function technicianRouter() {
  const h = setupCabinet();
  const { staff } = testStaff({ keyOn: true, pins: { technician: '2468' } });
  await staff.signIn('technician', '2468');
  return createIpcRouter(h.cabinet, { staff, paytable: () => ({}) as never });
}

describe('tech:config:validate: a candidate setting shows its exact returns before it is applied', () => {
  it('answers every offered bet of a valid candidate with its exact return, the variant and the Lucky 6 pay read', async () => {
    const router = await technicianRouter();
    const candidate = {
      ...DEFAULT_VENUE_CONFIG,
      profile: { ...DEFAULT_VENUE_CONFIG.profile, variant: 'ez', lucky6ThreeCardPays: 23 },
      limits: { ...DEFAULT_VENUE_CONFIG.limits, sideBets: { 'lucky-6': { minMinor: 100, maxMinor: 1_000 } } },
    };
    const result = await router.handle('tech:config:validate', { config: candidate });
    if (!result.ok) throw new Error(result.error.message);
    const returns = (result.value as { returns: OfferedReturn[] }).returns;
    expect(returns.map((r) => r.bet)).toEqual(['player', 'banker', 'tie', 'lucky-6']);
    // Eight decks, EZ Banker 98.98%, Lucky 6 at 23:1 on three cards 88.30% (docs/rules.md#side-bet-returns).
    expect(returns[1]!.rtpPercent).toBeCloseTo(98.9817, 3);
    expect(returns[3]!.rtpPercent).toBeCloseTo(88.3015, 3);
  });

  it('a candidate below the minimum return is refused naming the bet, and nothing is applied', async () => {
    const router = await technicianRouter();
    const candidate = {
      ...DEFAULT_VENUE_CONFIG,
      minimumRtpPercent: 85,
      limits: { ...DEFAULT_VENUE_CONFIG.limits, sideBets: { 'lucky-6': { minMinor: 100, maxMinor: 1_000 } } },
    };
    const result = await router.handle('tech:config:apply', { config: candidate });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-config');
    expect(result.error.fields).toEqual([
      expect.objectContaining({
        path: 'limits.sideBets.lucky-6',
        rule: 'below-minimum-rtp',
        bet: 'lucky-6',
        limit: 85,
      }),
    ]);
  });
});
