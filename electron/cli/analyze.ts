/**
 * analyze: the exact combinatorial analysis of one rule profile (outcome
 * probabilities and each spot's return to player), for auditors and the
 * paytable. See electron/core/analysis/exact-analysis.ts for the method.
 */
import { analyzeProfile } from '../core/analysis/exact-analysis.ts';
import { parseRuleProfile } from '../core/engine/rule-profile.ts';
import { DEFAULT_DECKS, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { intFlag, printJson, runCli, tiePaysFlag, UsageError } from './cli-support.ts';

const usage = `Usage: npm run analyze -- [--decks N] [--tie-pays 8|9] [--json]

Exact probabilities of Banker, Player and Tie for one round from a fresh shoe, and the
return to player of each spot (per unit staked, stake included; Banker commission exactly 5%).

  --decks N       decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (default ${DEFAULT_DECKS})
  --tie-pays N    Tie pays N to 1: 8 or 9 (default 8)
  --json          print one JSON object as the last line
  --help          this text`;

function percent(value: number, digits = 4): string {
  return `${(value * 100).toFixed(digits)}%`;
}

await runCli({
  name: 'analyze',
  usage,
  options: {
    decks: { type: 'string' },
    'tie-pays': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  main: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, DEFAULT_DECKS);
    const tiePays = tiePaysFlag(values['tie-pays']);
    const profile = parseRuleProfile({
      id: `${decks}-deck-tie-${tiePays}-to-1`,
      decks,
      tiePays,
      bankerCommissionPercent: 5,
    });
    const analysis = analyzeProfile(profile);
    const p = analysis.probabilities;
    const rtp = analysis.rtp;
    if (values.json) {
      printJson({
        decks,
        tie_pays: tiePays,
        p_banker: p.banker,
        p_player: p.player,
        p_tie: p.tie,
        rtp_banker: rtp.banker,
        rtp_player: rtp.player,
        rtp_tie: rtp.tie,
        p_natural: p.natural,
        p_player_pair: p.playerPair,
        p_banker_pair: p.bankerPair,
        // Exact integer counts over every ordered six-card sequence (strings: they exceed 2^53 when summed).
        exact_counts: {
          denominator: String(analysis.counts.denominator),
          banker: String(analysis.counts.banker),
          player: String(analysis.counts.player),
          tie: String(analysis.counts.tie),
        },
      });
      return;
    }
    const rows: [string, string, string, string][] = [
      ['Banker', p.banker.toFixed(6), percent(rtp.banker), percent(analysis.houseEdge.banker)],
      ['Player', p.player.toFixed(6), percent(rtp.player), percent(analysis.houseEdge.player)],
      [`Tie ${tiePays}:1`, p.tie.toFixed(6), percent(rtp.tie), percent(analysis.houseEdge.tie)],
    ];
    const lines = [
      `Punto Banco, ${decks} deck${decks === 1 ? '' : 's'}, fresh shoe every round, Banker commission 5%, Tie pays ${tiePays}:1`,
      '',
      `${'spot'.padEnd(10)}${'probability'.padStart(13)}${'return'.padStart(12)}${'house edge'.padStart(12)}`,
      ...rows.map(
        ([name, prob, ret, edge]) => `${name.padEnd(10)}${prob.padStart(13)}${ret.padStart(12)}${edge.padStart(12)}`,
      ),
      '',
      `natural (either hand 8 or 9): ${p.natural.toFixed(6)}   Player pair: ${p.playerPair.toFixed(6)}   Banker pair: ${p.bankerPair.toFixed(6)}`,
      `exact counts over ${analysis.counts.denominator} ordered six-card sequences: Banker ${analysis.counts.banker}, Player ${analysis.counts.player}, Tie ${analysis.counts.tie}`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  },
});
