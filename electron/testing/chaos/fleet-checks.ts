/**
 * The checks of the stadium fleet chaos (docs/stadium.md#fleet-chaos) over what the journals hold (fleet-records.ts):
 * each must count 0.
 * - `settled_twice`: one terminal settled one (table, round) in more than one of its rounds;
 * - `settled_differently`: one round settled on different cards by two terminals, or by a terminal and the table;
 * - `bad_signatures_accepted`: a settled round whose cards are not the cards the table journaled and signed for that
 *   round (a forged result, a round the table never dealt, or a round settled with no table round at all);
 * - `unsettled_locked_bets`: bets still locked (asked only at the end, once every process has had its time).
 */

/** One settled round of a terminal: its table round (null when the journal names none) and its cards, in deal order. */
export interface SettledRound {
  readonly table: string | null;
  readonly round: number | null;
  readonly cards: readonly string[];
}

export interface TerminalRecord {
  readonly terminal: string;
  readonly settled: readonly SettledRound[];
  /** Rounds whose bets are locked and not yet concluded. */
  readonly lockedRounds: number;
  /** Table rounds this terminal recorded (closed, concluded or seen). */
  readonly rounds: number;
  /** Table rounds with locked bets refunded (void, timeout, fault). */
  readonly refunded: number;
}

export interface FleetRecord {
  readonly table: string;
  /** The cards of every round the table dealt and signed, by round. */
  readonly tableCards: ReadonlyMap<number, readonly string[]>;
  readonly terminals: readonly TerminalRecord[];
}

export interface FleetFindings {
  readonly settled_twice: number;
  readonly settled_differently: number;
  readonly bad_signatures_accepted: number;
  readonly unsettled_locked_bets: number;
  readonly problems: readonly string[];
}

export function checkFleet(fleet: FleetRecord, atEnd: boolean): FleetFindings {
  const problems: string[] = [];
  let twice = 0;
  let differently = 0;
  let forged = 0;
  let locked = 0;
  /** Every set of cards each round was settled on, the table's own among them. */
  const cardsOf = new Map<number, Set<string>>();
  const seen = (round: number, cards: string) => {
    const set = cardsOf.get(round) ?? new Set<string>();
    set.add(cards);
    cardsOf.set(round, set);
  };
  for (const t of fleet.terminals) {
    const mine = new Set<string>();
    for (const s of t.settled) {
      const cards = s.cards.join(' ');
      if (s.table === null || s.round === null) {
        forged++;
        problems.push(`terminal ${t.terminal}: a round settled on ${cards} with no table round`);
        continue;
      }
      const key = `${s.table}/${s.round}`;
      if (mine.has(key)) {
        twice++;
        problems.push(`terminal ${t.terminal}: ${key} settled twice`);
      }
      mine.add(key);
      if (s.table !== fleet.table) {
        forged++;
        problems.push(`terminal ${t.terminal}: ${key} settled, a table this fleet does not have`);
        continue;
      }
      const signed = fleet.tableCards.get(s.round);
      if (signed === undefined) {
        forged++;
        problems.push(`terminal ${t.terminal}: ${key} settled on ${cards}, a round the table never dealt`);
      } else if (signed.join(' ') !== cards) {
        forged++;
        problems.push(`terminal ${t.terminal}: ${key} settled on ${cards}, the table signed ${signed.join(' ')}`);
      }
      if (signed !== undefined) seen(s.round, signed.join(' '));
      seen(s.round, cards);
    }
    if (atEnd && t.lockedRounds > 0) {
      locked += t.lockedRounds;
      problems.push(`terminal ${t.terminal}: ${t.lockedRounds} round(s) still locked at the end`);
    }
  }
  for (const [round, sets] of cardsOf) {
    if (sets.size < 2) continue;
    differently += sets.size - 1;
    problems.push(`${fleet.table}/${round} settled on ${sets.size} different sets of cards: ${[...sets].join(' | ')}`);
  }
  return {
    settled_twice: twice,
    settled_differently: differently,
    bad_signatures_accepted: forged,
    unsettled_locked_bets: locked,
    problems,
  };
}
