import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const round = (...args: string[]) => runCli('electron/cli/round.ts', ...args);

async function json(...args: string[]) {
  const run = await round(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.last) as {
    player: { cards: string[]; total: number };
    banker: { cards: string[]; total: number };
    winner: string;
    natural: boolean;
    cards_used: number;
    returns: Record<string, string>;
  };
}

describe.concurrent(
  'round CLI deals in order P1, B1, P2, B2, third cards (docs/rules.md#deal-order) and settles',
  () => {
    it('A,9,K,5,7,2: Player A K 7 = 8 beats Banker 9 5 2 = 6', async () => {
      const out = await json('--cards', 'A,9,K,5,7,2', '--bet', 'banker=0.30', '--bet', 'tie=1.00', '--tie-pays', '8');
      expect(out.player).toEqual({ cards: ['A', 'K', '7'], total: 8 });
      expect(out.banker).toEqual({ cards: ['9', '5', '2'], total: 6 });
      expect(out).toMatchObject({ winner: 'player', natural: false, cards_used: 6 });
      expect(out.returns).toEqual({ banker: '0.00', tie: '0.00' });
    });

    it('Banker win returns 0.30 → 0.58, 0.10 → 0.19, 0.20 → 0.39 (rounded down, docs/rules.md#banker-rounding)', async () => {
      // Player 2+K = 2 draws K → 2; Banker 7+K = 7 stands. Banker wins 7–2.
      for (const [stake, back] of [
        ['0.30', '0.58'],
        ['0.10', '0.19'],
        ['0.20', '0.39'],
      ]) {
        const out = await json('--cards', '2,7,K,K,K', '--bet', `banker=${stake}`);
        expect(out.winner).toBe('banker');
        expect(out.returns.banker).toBe(back);
      }
    });

    it('a natural stands: spare cards are ignored; Player 1:1 pays double', async () => {
      const out = await json('--cards', '9,5,K,K,3,3,3', '--bet', 'player=2.50');
      expect(out).toMatchObject({ winner: 'player', natural: true, cards_used: 4 });
      expect(out.returns).toEqual({ player: '5.00' });
    });

    it('a tie pays 8:1 or 9:1 and pushes Player and Banker', async () => {
      const args = ['--cards', '4,4,K,K,4,4', '--bet', 'banker=0.30', '--bet', 'player=1', '--bet', 'tie=1'];
      const eight = await json(...args);
      expect(eight.winner).toBe('tie');
      expect(eight.returns).toEqual({ player: '1.00', banker: '0.30', tie: '9.00' });
      expect((await json(...args, '--tie-pays', '9')).returns.tie).toBe('10.00');
    });

    it('without --json prints the hands and the returns', async () => {
      const run = await round('--cards', 'A,9,K,5,7,2', '--bet', 'player=1');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Player: A K 7\s+total 8/);
      expect(run.stdout).toMatch(/player\s+bet 1\.00\s+returns 2\.00/);
    });

    it('side bets settle beside the main bets, under the same ids: Lucky 6 on a two-card Banker 6 pays 12:1', async () => {
      // Player K K draws K = 0; Banker 3 3 = 6 stands.
      const out = await json(
        '--cards',
        'K,3,K,3,K',
        '--bet',
        'banker=1.00',
        '--bet',
        'lucky-6=1.00',
        '--bet',
        'player-pair=1',
      );
      expect(out.returns).toEqual({ banker: '1.95', 'lucky-6': '13.00', 'player-pair': '12.00' });
    });

    it('--variant no-commission pays a winning Banker 6 half, rounded down: 0.15 returns 0.22', async () => {
      const out = await json('--cards', 'K,3,K,3,K', '--bet', 'banker=0.15', '--variant', 'no-commission');
      expect(out.returns).toEqual({ banker: '0.22' });
    });

    it('--variant ez: a three-card Banker 7 pushes the Banker and pays Dragon 7 40:1', async () => {
      // Player K K draws K = 0; Banker K 2 draws 5 = 7.
      const args = ['--cards', 'K,K,K,2,K,5', '--variant', 'ez', '--bet', 'banker=1', '--bet', 'dragon-7=1'];
      expect((await json(...args)).returns).toEqual({ banker: '1.00', 'dragon-7': '41.00' });
    });

    it('--lucky6-three-card 23 pays a three-card Banker 6 23:1', async () => {
      // Player K K draws K = 0; Banker K 2 draws 4 = 6.
      const args = ['--cards', 'K,K,K,2,K,4', '--bet', 'lucky-6=1'];
      expect((await json(...args)).returns).toEqual({ 'lucky-6': '21.00' });
      expect((await json(...args, '--lucky6-three-card', '23')).returns).toEqual({ 'lucky-6': '24.00' });
    });

    it('suits given on the cards decide Perfect Pair: 5S 5S pays 25:1, both hands suited 200:1', async () => {
      const one = await json('--cards', '5S,9H,5S,9D', '--decks', '2', '--bet', 'perfect-pair=1');
      expect(one.returns).toEqual({ 'perfect-pair': '26.00' });
      const both = await json('--cards', '5S,9H,5S,9H', '--decks', '2', '--bet', 'perfect-pair=1');
      expect(both.returns).toEqual({ 'perfect-pair': '201.00' });
    });

    it.each([
      [
        ['--cards', 'A,9,K,5', '--bet', 'dragon-7=1'],
        /--bet dragon-7: the commission variant does not offer dragon-7; only --variant ez does/,
      ],
      [
        ['--cards', 'A,9,K,5', '--variant', 'no-commission', '--bet', 'panda-8=1'],
        /the no-commission variant does not offer panda-8/,
      ],
      [['--cards', 'A,9,K,5', '--variant', 'super'], /--variant must be commission, no-commission, ez, got "super"/],
      [['--cards', 'A,9,K,5', '--lucky6-three-card', '21'], /--lucky6-three-card must be 20 or 23/],
      [['--cards', '5S,9,5S,9', '--decks', '1'], /5S appears more than 1 times, impossible in a 1-deck shoe/],
      [['--cards', 'A,9,K,5', '--bet', 'lucky-6=1', '--bet', 'lucky-6=2'], /spot lucky-6 is given more than once/],
      [['--cards', 'A,9,K'], /needs more than the 3 cards given/],
      [['--cards', 'A,9,K,5'], /needs more than the 4 cards given/],
      [['--cards', 'A,9,X,5'], /card 3 "X" is not a rank; use A, 2–9, 10, J, Q or K, with an optional suit/],
      [['--cards', 'A,9,1,5'], /card 3 "1" is not a rank/],
      [['--cards', ''], /--cards needs at least 4 ranks/],
      [['--bet', 'banker=1'], /--cards is required/],
      [
        ['--cards', 'A,9,K,5', '--bet', 'pair=1'],
        /unknown spot "pair"; use player, banker, tie or a side bet \(player-pair, /,
      ],
      [['--cards', 'A,9,K,5', '--bet', 'banker=1', '--bet', 'banker=2'], /spot banker is given more than once/],
      [['--cards', 'A,9,K,5', '--bet', 'banker=-1'], /"-1" is not an amount/],
      [['--cards', 'A,9,K,5', '--bet', 'banker=0'], /is zero: an amount must be at least 0\.01/],
      [['--cards', 'A,9,K,5', '--bet', 'banker=0.001'], /at most two decimals/],
      [['--cards', 'A,9,K,5', '--bet', 'banker=1e2'], /not an amount/],
      [['--cards', 'A,9,K,5', '--bet', 'banker'], /must look like SPOT=AMOUNT/],
      [['--cards', 'A,9,K,5', '--tie-pays', '7'], /--tie-pays must be 8 or 9/],
      [['--cards', 'A,A,A,A,A', '--decks', '1'], /rank A appears more than 4 times/],
      [['--cards', 'A,9,K,5', '--decks', '9'], /--decks must be from 1 to 8/],
    ])('%j → exit 2 and one clear line on stderr', async (args, message) => {
      const run = await round(...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    });
  },
);
