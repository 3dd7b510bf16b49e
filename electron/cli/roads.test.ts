import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const roads = (...args: string[]) => runCli('electron/cli/roads.ts', ...args);

describe.concurrent('roads CLI (docs/roads.md#the-roads-cli)', () => {
  it('--json prints the bead plate, the big road and the three derived roads of the worked example', async () => {
    const run = await roads('--outcomes', 'BBPPPTBPBBBP', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(run.last);
    expect(Object.keys(out)).toEqual(['bead_plate', 'big_road', 'big_eye_boy', 'small_road', 'cockroach_pig']);
    expect(out.bead_plate).toHaveLength(12);
    expect(out.bead_plate[5]).toEqual({
      x: 0,
      y: 5,
      winner: 'tie',
      banker_pair: false,
      player_pair: false,
      natural: false,
    });
    expect(out.big_road[4]).toEqual({ column: 1, row: 2, x: 1, y: 2, winner: 'player', ties: 1 });
    expect(out.big_road).toHaveLength(11);
    expect(out.big_eye_boy).toEqual(['red', 'blue', 'blue', 'blue', 'red', 'blue', 'red', 'blue']);
    expect(out.small_road).toEqual(['blue', 'blue', 'blue', 'red', 'blue']);
    expect(out.cockroach_pig).toEqual(['blue', 'red', 'red', 'red']);
  });

  it('pair and natural markers reach the bead plate; a dragon tail shows in x/y, not in column/row', async () => {
    const out = JSON.parse((await roads('--outcomes', 'BbpnBBBBBB', '--json')).last);
    expect(out.bead_plate[0]).toMatchObject({ banker_pair: true, player_pair: true, natural: true });
    expect(out.big_road[6]).toEqual({ column: 0, row: 6, x: 1, y: 5, winner: 'banker', ties: 0 });
  });

  it('an empty --outcomes is valid: empty roads', async () => {
    const run = await roads('--outcomes', '', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.last)).toEqual({
      bead_plate: [],
      big_road: [],
      big_eye_boy: [],
      small_road: [],
      cockroach_pig: [],
    });
  });

  it('without --json draws the grids, the ask previews and the counters as text', async () => {
    const run = await roads('--outcomes', 'BBPPPTBPBBBP');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Big road');
    expect(run.stdout).toContain('  B  P  B  P  B  P\n  B  P  .  .  B  .\n  .  P/ .  .  B  .\n');
    expect(run.stdout).toContain('Big Eye Boy: red, blue, blue, blue, red, blue, red, blue');
    expect(run.stdout).toContain('Ask Banker: Big Eye Boy blue, Small Road red, Cockroach Pig red');
    expect(run.stdout).toContain('Rounds 12: Banker 6, Player 5, Tie 1');
  });

  it.each([
    [['--outcomes', 'BPX'], /--outcomes: character 3 "X" is not allowed; use B \(Banker\), P \(Player\) or T/],
    [['--outcomes', 'bp'], /--outcomes: character 1 "b" is a marker with no B, P or T before it/],
    [['--json'], /--outcomes is required: B \(Banker\), P \(Player\) or T \(Tie\)/],
    [['--outcomes'], /--outcomes needs the rounds after it: B \(Banker\)/],
    [['--outcomes', 'BP', '--colour'], /unknown flag "--colour"; the flags are --outcomes LETTERS, --json and --help/],
    [['--outcomes', 'BP', 'PB'], /unexpected argument "PB"; use --outcomes LETTERS/],
  ])('bad input %j → exit 2 and one line saying what is wrong and what is allowed', async (args, message) => {
    const run = await roads(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('--help documents the letters, the markers and the JSON shape', async () => {
    const run = await roads('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/b \(Banker pair\), p \(Player pair\), n \(natural\)/);
    expect(run.stdout).toContain('"big_road":[{"column","row","x","y","winner","ties"}');
  });
});
