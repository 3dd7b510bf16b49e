import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const simulate = (...args: string[]) => runCli('electron/cli/simulate.ts', ...args);

describe.concurrent('simulate CLI', () => {
  it('is reproducible for a seed: same JSON with 1 or 2 workers; frequencies agree with the exact analysis', async () => {
    const args = ['--rounds', '1100000', '--seed', '12345', '--decks', '8', '--json'];
    const [one, two] = await Promise.all([simulate(...args, '--workers', '1'), simulate(...args, '--workers', '2')]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.last).toBe(one.last);
    const json = JSON.parse(one.last) as {
      rounds: number;
      seed: number;
      frequencies: Record<string, { observed: number; ci99: [number, number]; exact: number; within_ci: boolean }>;
      returns: Record<string, { rtp: number; within_ci: boolean; staked: string }>;
      p_banker: number;
    };
    expect(json).toMatchObject({ rounds: 1_100_000, seed: 12345, decks: 8, tie_pays: 8, stake: '1.00' });
    for (const spot of ['banker', 'player', 'tie']) {
      const f = json.frequencies[spot]!;
      expect(f.ci99[0]).toBeLessThanOrEqual(f.observed);
      expect(f.ci99[1]).toBeGreaterThanOrEqual(f.observed);
      expect(f.within_ci).toBe(true);
      expect(json.returns[spot]!.within_ci).toBe(true);
      expect(json.returns[spot]!.staked).toBe('1100000.00');
    }
    expect(json.p_banker).toBe(json.frequencies.banker!.observed);
  });

  it('a short run prints no progress, so stderr stays empty when stderr is not a terminal', async () => {
    const run = await simulate('--rounds', '1000', '--seed', '1', '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('--stake 0.10 settles Banker wins at 0.19 (cent rounding), below the 1.95 return', async () => {
    const json = JSON.parse(
      (await simulate('--rounds', '200000', '--seed', '3', '--stake', '0.10', '--json')).last,
    ) as {
      returns: { banker: { exact: number; rtp: number } };
    };
    expect(json.returns.banker.exact).toBeLessThan(0.97);
    expect(json.returns.banker.exact).toBeGreaterThan(0.96);
  });

  it('--variant ez reports every side bet, Dragon 7 and Panda 8 included, inside its 99% interval of the exact figure', async () => {
    const run = await simulate(
      '--rounds',
      '400000',
      '--seed',
      '20261207',
      '--variant',
      'ez',
      '--workers',
      '1',
      '--json',
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(run.last) as Record<string, unknown> & {
      side_bets: Record<string, { rtp: number; ci99: [number, number]; exact: number; within_ci: boolean }>;
      returns: Record<string, { within_ci: boolean }>;
    };
    expect(json).toMatchObject({ variant: 'ez', lucky6_three_card_pays: 20 });
    const bets = ['player_pair', 'banker_pair', 'either_pair', 'perfect_pair', 'dragon_bonus_player'];
    bets.push('dragon_bonus_banker', 'lucky_6', 'dragon_7', 'panda_8');
    expect(Object.keys(json.side_bets)).toEqual(bets);
    for (const bet of bets) {
      const line = json.side_bets[bet]!;
      expect(line.within_ci, bet).toBe(true);
      expect(json[`rtp_${bet}`]).toBe(line.rtp);
    }
    expect(json.side_bets.dragon_7!.exact).toBeCloseTo(0.923887, 6);
    expect(json.returns.banker!.within_ci).toBe(true);
  });

  it('prints a readable table without --json', async () => {
    const run = await simulate('--rounds', '10000', '--seed', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Banker\s+0\.\d{6}\s+\[0\.\d{6}, 0\.\d{6}\]\s+0\.458597/);
  });

  it.each([
    [['--seed', '1'], /--rounds is required/],
    [['--rounds', '0'], /--rounds must be from 1 to/],
    [['--rounds', '1.5'], /--rounds must be a whole number/],
    [['--rounds', '10', '--seed=-4'], /--seed must be from 0 to/],
    [['--rounds', '10', '--decks', '9'], /--decks must be from 1 to 8/],
    [['--rounds', '10', '--tie-pays', '5'], /--tie-pays must be 8 or 9/],
    [['--rounds', '10', '--rng', 'dice'], /--rng must be seeded or crypto/],
    [['--rounds', '10', '--variant', 'dragon'], /--variant must be commission, no-commission, ez/],
    [['--rounds', '10', '--lucky6-three-card', '12'], /--lucky6-three-card must be 20 or 23/],
    [['--rounds', '10', '--stake', '0'], /--stake: .*zero/],
    [['--rounds', '10', '--workers', '0'], /--workers must be from 1 to/],
  ])('%j → exit 2 and one line on stderr', async (args, message) => {
    const run = await simulate(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
