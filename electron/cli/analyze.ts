/**
 * analyze: the exact combinatorial analysis of one rule profile (outcome
 * probabilities and each spot's return to player), for auditors and the
 * paytable. See electron/core/analysis/exact-analysis.ts for the method.
 */
import { analyzeProfile } from '../core/analysis/exact-analysis.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';
import type { SideBet } from '../core/engine/side-bets.ts';
import { DEFAULT_DECKS, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import {
  intFlag,
  printJson,
  ruleProfileFromFlags,
  RULE_FLAGS,
  RULE_FLAGS_USAGE,
  runCli,
  sideBetJsonKey,
  UsageError,
} from './cli-support.ts';

const usage = `Usage: npm run analyze -- [--decks N] [--tie-pays 8|9] [--variant commission|no-commission|ez]
                           [--lucky6-three-card 20|23] [--json]

Exact probabilities of Banker, Player and Tie for one round from a fresh shoe, and the
return to player of each spot and of each side bet the variant offers (per unit staked,
stake included; Banker commission exactly 5%, a no-commission winning 6 exactly one half),
as exact fractions over every ordered deal: never a simulation.

  --decks N         decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (default ${DEFAULT_DECKS})
${RULE_FLAGS_USAGE}
  --json            print one JSON object as the last line: rtp_banker follows the variant, and
                    rtp_player_pair, rtp_banker_pair, rtp_either_pair, rtp_perfect_pair,
                    rtp_dragon_bonus_player, rtp_dragon_bonus_banker, rtp_lucky_6 (and with ez
                    rtp_dragon_7, rtp_panda_8) give the side bets
  --help            this text`;

/** The paytable line of each side bet (docs/rules.md#side-bets). */
function sideBetPays(bet: SideBet, profile: RuleProfile): string {
  switch (bet) {
    case 'player-pair':
    case 'banker-pair':
      return '11:1';
    case 'either-pair':
      return '5:1';
    case 'perfect-pair':
      return '25:1, both 200:1';
    case 'dragon-bonus-player':
    case 'dragon-bonus-banker':
      return 'natural 1:1, by 9 30:1 … by 4 1:1';
    case 'lucky-6':
      return `12:1, three cards ${profile.lucky6ThreeCardPays}:1`;
    case 'dragon-7':
      return '40:1';
    case 'panda-8':
      return '25:1';
  }
}

const VARIANT_BANKER: Record<RuleProfile['variant'], string> = {
  commission: 'Banker commission 5%',
  'no-commission': 'no commission, a winning Banker 6 pays 1:2',
  ez: 'EZ, a winning three-card Banker 7 pushes',
};

function percent(value: number, digits = 4): string {
  return `${(value * 100).toFixed(digits)}%`;
}

await runCli({
  name: 'analyze',
  usage,
  options: {
    decks: { type: 'string' },
    ...RULE_FLAGS,
    json: { type: 'boolean', default: false },
  },
  main: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, DEFAULT_DECKS);
    const profile = ruleProfileFromFlags('analyze-cli', decks, values);
    const tiePays = profile.tiePays;
    const analysis = analyzeProfile(profile);
    const sideBets = Object.entries(analysis.sideBets) as [SideBet, NonNullable<(typeof analysis.sideBets)[SideBet]>][];
    const p = analysis.probabilities;
    const rtp = analysis.rtp;
    if (values.json) {
      printJson({
        decks,
        tie_pays: tiePays,
        variant: profile.variant,
        lucky6_three_card_pays: profile.lucky6ThreeCardPays,
        p_banker: p.banker,
        p_player: p.player,
        p_tie: p.tie,
        rtp_banker: rtp.banker,
        rtp_player: rtp.player,
        rtp_tie: rtp.tie,
        ...Object.fromEntries(sideBets.map(([bet, line]) => [sideBetJsonKey('rtp', bet), line.rtp])),
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
        // Each return as numerator/denominator, exact (per unit staked, stake included).
        exact_returns: Object.fromEntries([
          ...(['banker', 'player', 'tie'] as const).map((spot) => [
            spot,
            `${analysis.rtpExact[spot].numerator}/${analysis.rtpExact[spot].denominator}`,
          ]),
          ...sideBets.map(([bet, line]) => [
            sideBetJsonKey('', bet),
            `${line.rtpExact.numerator}/${line.rtpExact.denominator}`,
          ]),
        ]),
      });
      return;
    }
    const rows: [string, string, string, string][] = [
      ['Banker', p.banker.toFixed(6), percent(rtp.banker), percent(analysis.houseEdge.banker)],
      ['Player', p.player.toFixed(6), percent(rtp.player), percent(analysis.houseEdge.player)],
      [`Tie ${tiePays}:1`, p.tie.toFixed(6), percent(rtp.tie), percent(analysis.houseEdge.tie)],
    ];
    const lines = [
      `Punto Banco, ${decks} deck${decks === 1 ? '' : 's'}, fresh shoe every round, ${VARIANT_BANKER[profile.variant]}, Tie pays ${tiePays}:1`,
      '',
      `${'spot'.padEnd(10)}${'probability'.padStart(13)}${'return'.padStart(12)}${'house edge'.padStart(12)}`,
      ...rows.map(
        ([name, prob, ret, edge]) => `${name.padEnd(10)}${prob.padStart(13)}${ret.padStart(12)}${edge.padStart(12)}`,
      ),
      '',
      `natural (either hand 8 or 9): ${p.natural.toFixed(6)}   Player pair: ${p.playerPair.toFixed(6)}   Banker pair: ${p.bankerPair.toFixed(6)}`,
      `exact counts over ${analysis.counts.denominator} ordered six-card sequences: Banker ${analysis.counts.banker}, Player ${analysis.counts.player}, Tie ${analysis.counts.tie}`,
      '',
      `${'side bet'.padEnd(22)}${'pays'.padEnd(36)}${'return'.padStart(10)}${'house edge'.padStart(12)}`,
      ...sideBets.map(
        ([bet, line]) =>
          `${bet.padEnd(22)}${sideBetPays(bet, profile).padEnd(36)}${percent(line.rtp).padStart(10)}${percent(1 - line.rtp).padStart(12)}`,
      ),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  },
});
