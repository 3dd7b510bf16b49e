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

  it('--help explains the flags', async () => {
    const run = await analyze('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--decks N/);
    expect(run.stdout).toMatch(/--tie-pays/);
  });

  it.each([
    [['--decks', '0'], /--decks must be from 1 to 8/],
    [['--decks', '9'], /--decks must be from 1 to 8/],
    [['--decks', 'eight'], /--decks must be a whole number from 1 to 8/],
    [['--tie-pays', '7'], /--tie-pays must be 8 or 9/],
    [['--tie-pays', '10'], /--tie-pays must be 8 or 9/],
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
