/**
 * round: deals one Punto Banco round from cards given in deal order and settles
 * the bets exactly as the cabinet does (dealRound + settle). For technicians,
 * auditors and rule disputes: "what should this hand have paid?"
 */
import { isRank, SUITS, type Card, type Rank, type Suit } from '../core/cards/card.ts';
import { dealRound } from '../core/engine/round.ts';
import { roundFacts } from '../core/engine/round-facts.ts';
import type { RuleProfile } from '../core/engine/rule-profile.ts';
import { settle, SPOTS, type Bets, type Spot } from '../core/engine/settlement.ts';
import {
  isSideBet,
  isSideBetOffered,
  settleSideBets,
  SIDE_BETS,
  type SideBet,
  type SideBets,
} from '../core/engine/side-bets.ts';
import { DEFAULT_DECKS, FixedCardSource, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { formatMinor, parseMajorAmount } from '../core/money/minor-units.ts';
import {
  intFlag,
  printJson,
  ruleProfileFromFlags,
  RULE_FLAGS,
  RULE_FLAGS_USAGE,
  runCli,
  UsageError,
} from './cli-support.ts';

const usage = `Usage: npm run round -- --cards A,9,K,5[,7,2] [--bet SPOT=AMOUNT]... [--tie-pays 8|9] [--decks N]
                         [--variant commission|no-commission|ez] [--lucky6-three-card 20|23] [--json]

Deals one round from the given cards and settles the bets.

  --cards LIST      ranks in deal order, comma-separated: P1,B1,P2,B2, then the third cards
                    in the order the tableau draws them. Ranks: A,2,3,4,5,6,7,8,9,10,J,Q,K
                    (no suit). Cards the round does not need are ignored.
                    A card may carry a suit, S, H, D or C (5H); suits matter only to Perfect Pair.
  --bet SPOT=AMOUNT a stake in major units with at most two decimals, e.g. banker=0.30 or lucky-6=1.00.
                    SPOT is player, banker, tie or a side bet: ${SIDE_BETS.join(', ')}
                    (dragon-7 and panda-8 only with --variant ez); repeat --bet for several, each once.
${RULE_FLAGS_USAGE}
  --decks N         decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (default ${DEFAULT_DECKS}); no rank may appear
                    more than 4 × N times in --cards
  --json            print one JSON object as the last line
  --help            this text

Returns include the stake: a push returns the stake, a loss 0.00. A winning Banker bet returns
the stake plus 95% of it rounded down to the cent (0.30 returns 0.58) in the commission game.`;

/**
 * Parses the card list. A card without a suit gets one in turn (suits matter only to Perfect
 * Pair); a card given with a suit keeps it.
 */
export function parseCards(text: string, decks: number): Card[] {
  const labels = text.split(',').map((label) => label.trim().toUpperCase());
  if (labels.length === 0 || labels.every((label) => label === '')) {
    throw new UsageError('--cards needs at least 4 ranks, e.g. --cards A,9,K,5');
  }
  const seen = new Map<Rank, number>();
  const faces = new Map<string, number>();
  return labels.map((label, index) => {
    const suited = /^(.+)([SHDC])$/.exec(label);
    const rank = suited !== null && isRank(suited[1] ?? '') ? (suited[1] as Rank) : label;
    if (!isRank(rank)) {
      throw new UsageError(
        `--cards: card ${index + 1} "${label}" is not a rank; use A, 2–9, 10, J, Q or K, with an optional suit S, H, D or C`,
      );
    }
    const copies = seen.get(rank) ?? 0;
    if (copies >= 4 * decks) {
      throw new UsageError(
        `--cards: rank ${rank} appears more than ${4 * decks} times, impossible in a ${decks}-deck shoe`,
      );
    }
    seen.set(rank, copies + 1);
    const suit = suited !== null && rank !== label ? (suited[2] as Suit) : (SUITS[copies % SUITS.length] ?? 'S');
    const face = `${rank}${suit}`;
    if ((faces.get(face) ?? 0) >= decks) {
      throw new UsageError(`--cards: ${face} appears more than ${decks} times, impossible in a ${decks}-deck shoe`);
    }
    faces.set(face, (faces.get(face) ?? 0) + 1);
    return { rank, suit };
  });
}

/** Parses the --bet flags into stakes in minor units: main spots and side bets. */
export function parseBets(texts: readonly string[], profile: RuleProfile): { bets: Bets; sideBets: SideBets } {
  const bets: Bets = {};
  const sideBets: SideBets = {};
  for (const text of texts) {
    const match = /^([^=]*)=(.*)$/.exec(text);
    if (match === null) throw new UsageError(`--bet "${text}" must look like SPOT=AMOUNT, e.g. banker=0.30`);
    const key = (match[1] ?? '').trim().toLowerCase();
    const isSpot = (SPOTS as readonly string[]).includes(key);
    if (!isSpot && !isSideBet(key)) {
      throw new UsageError(
        `--bet "${text}": unknown spot "${match[1]}"; use player, banker, tie or a side bet (${SIDE_BETS.join(', ')})`,
      );
    }
    if (isSideBet(key) && !isSideBetOffered(key, profile.variant)) {
      throw new UsageError(
        `--bet ${key}: the ${profile.variant} variant does not offer ${key}; only --variant ez does`,
      );
    }
    const into: Partial<Record<string, number>> = isSpot ? bets : sideBets;
    if (into[key] !== undefined) throw new UsageError(`--bet: spot ${key} is given more than once; bet each spot once`);
    try {
      into[key] = parseMajorAmount(match[2] ?? '');
    } catch (error) {
      throw new UsageError(`--bet ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { bets, sideBets };
}

await runCli({
  name: 'round',
  usage,
  options: {
    cards: { type: 'string' },
    bet: { type: 'string', multiple: true },
    ...RULE_FLAGS,
    decks: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  main: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, DEFAULT_DECKS);
    const profile = ruleProfileFromFlags('round-cli', decks, values);
    const tiePays = profile.tiePays;
    if (values.cards === undefined) throw new UsageError('--cards is required, e.g. --cards A,9,K,5');
    const cards = parseCards(values.cards, decks);
    const { bets, sideBets } = parseBets(values.bet ?? [], profile);

    const source = new FixedCardSource(cards);
    let outcome;
    try {
      outcome = dealRound(source);
    } catch {
      throw new UsageError(
        `--cards: the round needs more than the ${cards.length} cards given (4, plus each third card the tableau draws)`,
      );
    }
    const facts = roundFacts(outcome);
    const returns = { ...settle(bets, facts, profile), ...settleSideBets(sideBets, facts, profile) };
    const placed: readonly (Spot | SideBet)[] = [...SPOTS, ...SIDE_BETS];
    const money = (values: Partial<Record<Spot | SideBet, number>>): Record<string, string> =>
      Object.fromEntries(
        placed.flatMap((spot) => (values[spot] === undefined ? [] : [[spot, formatMinor(values[spot])]])),
      );
    const report = {
      player: { cards: outcome.player.cards.map((card) => card.rank), total: outcome.player.total },
      banker: { cards: outcome.banker.cards.map((card) => card.rank), total: outcome.banker.total },
      winner: outcome.winner,
      natural: outcome.natural,
      cards_used: source.used,
      bets: money({ ...bets, ...sideBets }),
      returns: money(returns),
      tie_pays: tiePays,
      variant: profile.variant,
      lucky6_three_card_pays: profile.lucky6ThreeCardPays,
    };
    if (values.json) {
      printJson(report);
      return;
    }
    const lines = [
      `Player: ${report.player.cards.join(' ')}  total ${report.player.total}`,
      `Banker: ${report.banker.cards.join(' ')}  total ${report.banker.total}`,
      `Winner: ${outcome.winner}${outcome.natural ? ' (natural)' : ''}; ${source.used} cards used of ${cards.length} given`,
      ...placed.flatMap((spot) =>
        report.bets[spot] === undefined
          ? []
          : [`${spot.padEnd(19)} bet ${report.bets[spot]}  returns ${report.returns[spot]}`],
      ),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  },
});
