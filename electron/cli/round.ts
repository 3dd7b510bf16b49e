/**
 * round: deals one Punto Banco round from cards given in deal order and settles
 * the bets exactly as the cabinet does (dealRound + settle). For technicians,
 * auditors and rule disputes: "what should this hand have paid?"
 */
import { isRank, SUITS, type Card, type Rank } from '../core/cards/card.ts';
import { dealRound } from '../core/engine/round.ts';
import { roundFacts } from '../core/engine/round-facts.ts';
import { parseRuleProfile } from '../core/engine/rule-profile.ts';
import { settle, SPOTS, type Bets, type Spot } from '../core/engine/settlement.ts';
import { DEFAULT_DECKS, FixedCardSource, MAX_DECKS, MIN_DECKS } from '../core/engine/shoe.ts';
import { formatMinor, parseMajorAmount } from '../core/money/minor-units.ts';
import { intFlag, printJson, runCli, tiePaysFlag, UsageError } from './cli-support.ts';

const usage = `Usage: npm run round -- --cards A,9,K,5[,7,2] [--bet SPOT=AMOUNT]... [--tie-pays 8|9] [--decks N] [--json]

Deals one round from the given cards and settles the bets.

  --cards LIST      ranks in deal order, comma-separated: P1,B1,P2,B2, then the third cards
                    in the order the tableau draws them. Ranks: A,2,3,4,5,6,7,8,9,10,J,Q,K
                    (no suit). Cards the round does not need are ignored.
  --bet SPOT=AMOUNT a stake in major units with at most two decimals, e.g. banker=0.30.
                    SPOT is player, banker or tie; repeat --bet for several spots, each once.
  --tie-pays N      Tie pays N to 1: 8 or 9 (default 8)
  --decks N         decks in the shoe, ${MIN_DECKS} to ${MAX_DECKS} (default ${DEFAULT_DECKS}); no rank may appear
                    more than 4 × N times in --cards
  --json            print one JSON object as the last line
  --help            this text

Returns include the stake: a push returns the stake, a loss 0.00. A winning Banker bet returns
the stake plus 95% of it rounded down to the cent (0.30 returns 0.58).`;

/** Parses the card list; each card gets a suit in turn (suits never matter to the game). */
export function parseCards(text: string, decks: number): Card[] {
  const labels = text.split(',').map((label) => label.trim().toUpperCase());
  if (labels.length === 0 || labels.every((label) => label === '')) {
    throw new UsageError('--cards needs at least 4 ranks, e.g. --cards A,9,K,5');
  }
  const seen = new Map<Rank, number>();
  return labels.map((label, index) => {
    if (!isRank(label)) {
      throw new UsageError(`--cards: card ${index + 1} "${label}" is not a rank; use A, 2–9, 10, J, Q or K (no suit)`);
    }
    const copies = seen.get(label) ?? 0;
    if (copies >= 4 * decks) {
      throw new UsageError(
        `--cards: rank ${label} appears more than ${4 * decks} times, impossible in a ${decks}-deck shoe`,
      );
    }
    seen.set(label, copies + 1);
    return { rank: label, suit: SUITS[copies % SUITS.length] ?? 'S' };
  });
}

/** Parses the --bet flags into stakes in minor units. */
export function parseBets(texts: readonly string[]): Bets {
  const bets: Bets = {};
  for (const text of texts) {
    const match = /^([^=]*)=(.*)$/.exec(text);
    if (match === null) throw new UsageError(`--bet "${text}" must look like SPOT=AMOUNT, e.g. banker=0.30`);
    const spot = (match[1] ?? '').trim().toLowerCase();
    if (!(SPOTS as readonly string[]).includes(spot)) {
      throw new UsageError(`--bet "${text}": unknown spot "${match[1]}"; use player, banker or tie`);
    }
    const key = spot as Spot;
    if (bets[key] !== undefined) throw new UsageError(`--bet: spot ${key} is given more than once; bet each spot once`);
    try {
      bets[key] = parseMajorAmount(match[2] ?? '');
    } catch (error) {
      throw new UsageError(`--bet ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return bets;
}

await runCli({
  name: 'round',
  usage,
  options: {
    cards: { type: 'string' },
    bet: { type: 'string', multiple: true },
    'tie-pays': { type: 'string' },
    decks: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  main: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const decks = intFlag('decks', values.decks, MIN_DECKS, MAX_DECKS, DEFAULT_DECKS);
    const tiePays = tiePaysFlag(values['tie-pays']);
    if (values.cards === undefined) throw new UsageError('--cards is required, e.g. --cards A,9,K,5');
    const cards = parseCards(values.cards, decks);
    const bets = parseBets(values.bet ?? []);
    const profile = parseRuleProfile({ id: 'round-cli', decks, tiePays, bankerCommissionPercent: 5 });

    const source = new FixedCardSource(cards);
    let outcome;
    try {
      outcome = dealRound(source);
    } catch {
      throw new UsageError(
        `--cards: the round needs more than the ${cards.length} cards given (4, plus each third card the tableau draws)`,
      );
    }
    const returns = settle(bets, roundFacts(outcome), profile);
    const money = (values: Partial<Record<Spot, number>>): Record<string, string> =>
      Object.fromEntries(
        SPOTS.flatMap((spot) => (values[spot] === undefined ? [] : [[spot, formatMinor(values[spot])]])),
      );
    const report = {
      player: { cards: outcome.player.cards.map((card) => card.rank), total: outcome.player.total },
      banker: { cards: outcome.banker.cards.map((card) => card.rank), total: outcome.banker.total },
      winner: outcome.winner,
      natural: outcome.natural,
      cards_used: source.used,
      bets: money(bets),
      returns: money(returns),
      tie_pays: tiePays,
    };
    if (values.json) {
      printJson(report);
      return;
    }
    const lines = [
      `Player: ${report.player.cards.join(' ')}  total ${report.player.total}`,
      `Banker: ${report.banker.cards.join(' ')}  total ${report.banker.total}`,
      `Winner: ${outcome.winner}${outcome.natural ? ' (natural)' : ''}; ${source.used} cards used of ${cards.length} given`,
      ...SPOTS.flatMap((spot) =>
        report.bets[spot] === undefined
          ? []
          : [`${spot.padEnd(7)} bet ${report.bets[spot]}  returns ${report.returns[spot]}`],
      ),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  },
});
