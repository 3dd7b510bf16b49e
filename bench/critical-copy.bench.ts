/**
 * Critical-copy benchmark (docs/cabinet-rules.md#critical-memory): what the second copy of critical memory in its
 * own file costs. One complete round (lock, deal, settle: three durable commits; each that changed critical memory
 * is followed by the copy's in-place slot write and one fdatasync), p50/p99, with everything on, with the copy
 * file but no record chain, and the ceiling (both off), taking turns in one run (durable-round.ts), beside the
 * machine's load. Real files in a temp directory. Prints figures only; it never asserts a timing.
 *
 *   node bench/critical-copy.bench.ts [--rounds N] [--json]
 */
import { parseArgs } from 'node:util';
import { CEILING, describeLoad, EVERYTHING_ON, machineLoad, roundTable, timeRounds } from './durable-round.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const rounds = values.rounds ? Number(values.rounds) : 300;
if (!Number.isSafeInteger(rounds) || rounds < 10 || rounds > 100_000) {
  process.stderr.write('critical-copy.bench: --rounds must be a whole number from 10 to 100000\n');
  process.exit(2);
}

const load = await machineLoad();
const { figures, journal } = timeRounds(
  [EVERYTHING_ON, { name: 'copy file, no chain', chain: false, copyFile: true }, CEILING],
  rounds,
);
const [on, copyOnly, ceiling] = figures as [(typeof figures)[0], (typeof figures)[0], (typeof figures)[0]];
const result = {
  rounds,
  journal,
  round: figures,
  copyAddedP50Ms: copyOnly.p50 - ceiling.p50,
  ratioP50: on.p50 / ceiling.p50,
  load,
};
if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  process.stdout.write(
    `critical copy file, ${rounds} rounds each, taking turns (ms per round, lock+deal+settle, ${journal}):\n` +
      `${roundTable(figures)}  the copy file adds p50 ${result.copyAddedP50Ms.toFixed(2)} ms\n${describeLoad(load)}\n`,
  );
}
