/**
 * roads: computes the bead plate, the big road and the three derived roads of a row of results
 * exactly as the cabinet does (electron/core/roads/roads.ts), for technicians, auditors and disputes:
 * "what should the scoreboard show after these rounds?" (docs/roads.md#the-roads-cli).
 */
import { computeRoads } from '../core/roads/roads.ts';
import { OUTCOME_LETTERS_HELP, parseOutcomeLetters } from '../core/roads/outcome-letters.ts';
import type { AskPreview, BeadCell, DerivedRoad, RoadColour, Roads } from '../core/roads/road-types.ts';
import { printJson, runCli, UsageError } from './cli-support.ts';

const usage = `Usage: npm run --silent roads -- --outcomes BPPTBB [--json]

Computes the roads of the given rounds (docs/roads.md).

  --outcomes LETTERS  the rounds, oldest first, one letter each: ${OUTCOME_LETTERS_HELP}.
                      Example: BbPPnTB. An empty string is allowed (empty roads).
  --json              print one JSON object on one line (the last line):
                      {"bead_plate":[{"x","y","winner","banker_pair","player_pair","natural"}…],
                       "big_road":[{"column","row","x","y","winner","ties"}…],
                       "big_eye_boy":["red"|"blue"…],"small_road":[…],"cockroach_pig":[…]}
                      column/row: the logical streak and the place in it; x/y: the drawn cell (all from 0)
  --help              this text

Without --json, draws the grids as text. Exit codes: 0 done, 2 bad input.`;

/** The --json shape: snake_case keys, the derived roads as their marks in order. */
function roadsJson(roads: Roads) {
  return {
    bead_plate: roads.beadPlate.map((cell) => ({
      x: cell.x,
      y: cell.y,
      winner: cell.outcome.winner,
      banker_pair: cell.outcome.bankerPair,
      player_pair: cell.outcome.playerPair,
      natural: cell.outcome.natural,
    })),
    big_road: roads.bigRoad.map((cell) => ({
      column: cell.column,
      row: cell.row,
      x: cell.x,
      y: cell.y,
      winner: cell.winner,
      ties: cell.ties,
    })),
    big_eye_boy: roads.bigEyeBoy.marks,
    small_road: roads.smallRoad.marks,
    cockroach_pig: roads.cockroachPig.marks,
  };
}

/** Draws labelled cells as rows of text, every cell as wide as the widest label plus a space. */
function grid(cells: readonly { x: number; y: number; label: string }[]): string[] {
  if (cells.length === 0) return ['  (empty)'];
  const width = Math.max(...cells.map((cell) => cell.label.length)) + 1;
  const columns = Math.max(...cells.map((cell) => cell.x)) + 1;
  const rows = Math.max(...cells.map((cell) => cell.y)) + 1;
  const lines = Array.from({ length: rows }, () => Array.from({ length: columns }, () => '.'.padEnd(width)));
  for (const cell of cells) lines[cell.y]![cell.x] = cell.label.padEnd(width);
  return lines.map((line) => '  ' + line.join('').trimEnd());
}

const LETTER = { banker: 'B', player: 'P', tie: 'T' } as const;
const COLOUR_LETTER: Record<RoadColour, string> = { red: 'R', blue: 'U' };

function beadLabel({ outcome }: BeadCell): string {
  return (
    LETTER[outcome.winner] +
    (outcome.bankerPair ? 'b' : '') +
    (outcome.playerPair ? 'p' : '') +
    (outcome.natural ? 'n' : '')
  );
}

function derivedLines(title: string, road: DerivedRoad): string[] {
  return [
    `${title}: ${road.marks.length === 0 ? 'no marks yet' : road.marks.join(', ')}`,
    ...grid(road.cells.map((cell) => ({ x: cell.x, y: cell.y, label: COLOUR_LETTER[cell.colour] }))),
  ];
}

function askLine(side: string, ask: AskPreview): string {
  const show = (colour: RoadColour | null) => colour ?? 'none yet';
  return `Ask ${side}: Big Eye Boy ${show(ask.bigEyeBoy)}, Small Road ${show(ask.smallRoad)}, Cockroach Pig ${show(ask.cockroachPig)}`;
}

function roadsText(roads: Roads): string[] {
  const c = roads.counters;
  return [
    'Bead plate (B/P/T; b = Banker pair, p = Player pair, n = natural):',
    ...grid(roads.beadPlate.map((cell) => ({ x: cell.x, y: cell.y, label: beadLabel(cell) }))),
    'Big road (/ = one tie on the cell, /N = N ties):',
    ...grid(
      roads.bigRoad.map((cell) => ({
        x: cell.x,
        y: cell.y,
        label: LETTER[cell.winner] + (cell.ties === 0 ? '' : cell.ties === 1 ? '/' : `/${cell.ties}`),
      })),
    ),
    'Derived roads (R = red, repeating; U = blue, choppy):',
    ...derivedLines('Big Eye Boy', roads.bigEyeBoy),
    ...derivedLines('Small Road', roads.smallRoad),
    ...derivedLines('Cockroach Pig', roads.cockroachPig),
    askLine('Banker', roads.askBanker),
    askLine('Player', roads.askPlayer),
    `Rounds ${c.rounds}: Banker ${c.banker}, Player ${c.player}, Tie ${c.tie}; ` +
      `Banker pairs ${c.bankerPair}, Player pairs ${c.playerPair}, naturals ${c.natural}`,
  ];
}

const ALLOWED = '--outcomes LETTERS, --json and --help';

/**
 * The flag mistakes the shared parser would word without saying what is allowed: an unknown flag, or
 * --outcomes with nothing after it. Checked first so the one stderr line names the allowed flags.
 */
function flagProblem(argv: readonly string[]): string | null {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--') return null;
    if (arg === '--outcomes') {
      if (index + 1 >= argv.length) return `--outcomes needs the rounds after it: ${OUTCOME_LETTERS_HELP}`;
      index++;
      continue;
    }
    const flag = arg.split('=')[0]!;
    if (arg.startsWith('-') && !['--outcomes', '--json', '--help', '-h'].includes(flag)) {
      return `unknown flag "${flag}"; the flags are ${ALLOWED}`;
    }
  }
  return null;
}

const problem = flagProblem(process.argv.slice(2));
if (problem !== null) {
  process.stderr.write(`roads: ${problem} (see --help)\n`);
  process.exitCode = 2;
} else {
  await runCli({
    name: 'roads',
    usage,
    options: {
      outcomes: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    main: ({ values, positionals }) => {
      if (positionals.length > 0)
        throw new UsageError(`unexpected argument "${positionals[0]}"; use --outcomes LETTERS`);
      if (values.outcomes === undefined) {
        throw new UsageError(`--outcomes is required: ${OUTCOME_LETTERS_HELP}, e.g. --outcomes BPPTBB`);
      }
      let outcomes;
      try {
        outcomes = parseOutcomeLetters(values.outcomes);
      } catch (error) {
        throw new UsageError(`--outcomes: ${error instanceof Error ? error.message : String(error)}`);
      }
      const roads = computeRoads(outcomes);
      if (values.json) printJson(roadsJson(roads));
      else process.stdout.write(roadsText(roads).join('\n') + '\n');
    },
  });
}
