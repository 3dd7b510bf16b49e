import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const analyze = (...args: string[]) => runCli('electron/cli/analyze.ts', ...args);

describe.concurrent('analyze CLI', () => {
  it('--decks 8 --tie-pays 8 --json: the published figures, full precision, JSON on the last line', async () => {
    const run = await analyze('--decks', '8', '--tie-pays', '8', '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.last) as Record<string, number>;
    expect(json).toMatchObject({ decks: 8, tie_pays: 8 });
    expect(json.p_banker?.toFixed(6)).toBe('0.458597');
    expect(json.p_player?.toFixed(6)).toBe('0.446247');
    expect(json.p_tie?.toFixed(6)).toBe('0.095156');
    expect(((json.rtp_banker ?? 0) * 100).toFixed(2)).toBe('98.94');
    expect(((json.rtp_player ?? 0) * 100).toFixed(2)).toBe('98.76');
    expect(((json.rtp_tie ?? 0) * 100).toFixed(2)).toBe('85.64');
    const counts = (json as unknown as { exact_counts: Record<string, string> }).exact_counts;
    expect(BigInt(counts.banker!) + BigInt(counts.player!) + BigInt(counts.tie!)).toBe(BigInt(counts.denominator!));
    // At least 12 significant digits.
    expect(String(json.p_banker).replace(/^0\.0*/, '').length).toBeGreaterThanOrEqual(12);
  });

  it('six decks, Tie 9:1: Tie returns 95.07%', async () => {
    const json = JSON.parse((await analyze('--decks', '6', '--tie-pays', '9', '--json')).last) as Record<
      string,
      number
    >;
    expect(json).toMatchObject({ decks: 6, tie_pays: 9 });
    expect(((json.rtp_tie ?? 0) * 100).toFixed(2)).toBe('95.07');
  });

  it('without --json prints a readable table', async () => {
    const run = await analyze('--decks', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Banker\s+0\.\d{6}\s+98\.\d{4}%/);
    expect(run.stdout).toMatch(/Tie 8:1/);
  });

  it('--variant ez --json: the EZ Banker and every side bet, Dragon 7 and Panda 8 included, as published', async () => {
    const json = JSON.parse((await analyze('--decks', '8', '--variant', 'ez', '--json')).last) as Record<
      string,
      number
    >;
    expect(json).toMatchObject({ variant: 'ez', lucky6_three_card_pays: 20 });
    const edge = (key: string) => (1 - (json[key] ?? 0)).toFixed(6);
    expect(edge('rtp_banker')).toBe('0.010183');
    expect(edge('rtp_dragon_7')).toBe('0.076113');
    expect(edge('rtp_panda_8')).toBe('0.101876');
    expect(edge('rtp_dragon_bonus_player')).toBe('0.026517');
    expect(edge('rtp_dragon_bonus_banker')).toBe('0.093731');
    expect(edge('rtp_lucky_6')).toBe('0.166836');
    for (const key of ['rtp_player_pair', 'rtp_banker_pair', 'rtp_either_pair', 'rtp_perfect_pair']) {
      expect(json[key]).toBeGreaterThan(0.8);
    }
  });

  it('--variant commission (the default) has no Dragon 7 or Panda 8; no-commission moves only rtp_banker', async () => {
    const [plain, commission, noCommission, rich] = await Promise.all([
      analyze('--json'),
      analyze('--variant', 'commission', '--json'),
      analyze('--variant', 'no-commission', '--json'),
      analyze('--lucky6-three-card', '23', '--json'),
    ]);
    const base = JSON.parse(commission.last) as Record<string, unknown>;
    expect(JSON.parse(plain.last)).toEqual(base);
    expect(base).not.toHaveProperty('rtp_dragon_7');
    expect(base).not.toHaveProperty('rtp_panda_8');
    const noCommissionJson = JSON.parse(noCommission.last) as Record<string, number>;
    expect((1 - noCommissionJson.rtp_banker!).toFixed(9)).toBe('0.014581045');
    expect(noCommissionJson.rtp_player).toBe(base.rtp_player);
    expect(noCommissionJson.rtp_lucky_6).toBe(base.rtp_lucky_6);
    expect((1 - (JSON.parse(rich.last) as Record<string, number>).rtp_lucky_6!).toFixed(6)).toBe('0.116985');
  });

  it('the text output has a side-bet table', async () => {
    const run = await analyze('--variant', 'ez');
    expect(run.stdout).toMatch(/dragon-7\s+40:1\s+92\.3887%\s+7\.6113%/);
    expect(run.stdout).toMatch(/lucky-6\s+12:1, three cards 20:1\s+83\.3164%/);
  });

  it('--help explains the flags', async () => {
    const run = await analyze('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--decks N/);
    expect(run.stdout).toMatch(/--tie-pays/);
    expect(run.stdout).toMatch(/--variant/);
    expect(run.stdout).toMatch(/--lucky6-three-card/);
  });

  it.each([
    [['--decks', '0'], /--decks must be from 1 to 8/],
    [['--decks', '9'], /--decks must be from 1 to 8/],
    [['--decks', 'eight'], /--decks must be a whole number from 1 to 8/],
    [['--tie-pays', '7'], /--tie-pays must be 8 or 9/],
    [['--tie-pays', '10'], /--tie-pays must be 8 or 9/],
    [['--variant', 'super-6'], /--variant must be commission, no-commission, ez, got "super-6"/],
    [['--lucky6-three-card', '22'], /--lucky6-three-card must be 20 or 23/],
    [['--bogus'], /unknown flag "--bogus"/],
    [['extra'], /unexpected argument "extra"/],
  ])('%j → exit 2 and one line on stderr', async (args, message) => {
    const run = await analyze(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
