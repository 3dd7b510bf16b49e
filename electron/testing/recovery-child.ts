/**
 * A child process for the recovery tests: opens the cabinet on RECOVERY_JOURNAL, drives it
 * into the state named by RECOVERY_STATE and SIGKILLs itself there.
 *
 *   idle      after a note is credited, nothing on the table
 *   betting   chips on the table, nothing debited
 *   locked    right after the lock commit (bets debited, no cards)
 *   in-lock   inside the lock transaction (after its first writes, before COMMIT)
 *   dealt     right after the cards commit (round-dealt event)
 *   in-settle inside the settle transaction
 *   settled   right after the settle commit
 *   recover   just open (recovery runs), then exit 0 — with CHAOS_KILL_AT_STATEMENT it dies inside recovery
 */
import { openCabinet } from '../storage/open-cabinet.ts';
import { sigkillSelf, StatementKiller } from './chaos/statement-killer.ts';
import { deterministicRandom, testConfig } from './fixtures.ts';

const path = process.env.RECOVERY_JOURNAL ?? '';
const state = process.env.RECOVERY_STATE ?? '';
const killAt = process.env.CHAOS_KILL_AT_STATEMENT ? Number(process.env.CHAOS_KILL_AT_STATEMENT) : undefined;
const die = sigkillSelf;
// Always observing: the in-lock and in-settle states arm it once the round is under way.
const killer = new StatementKiller(killAt !== undefined ? { killAtStatement: killAt } : {});

const cabinet = openCabinet({
  journalPath: path,
  config: testConfig(),
  random: deterministicRandom(11),
  statementObserver: killer,
});
if (state === 'recover') {
  cabinet.close();
  process.exit(0);
}
cabinet.creditBill({ valueMinor: 10_000, channel: 5, eventKey: `recovery-note-${state}` });
if (state === 'idle') die();
cabinet.placeChip('player', 500);
cabinet.placeChip('tie', 100);
if (state === 'betting') die();
cabinet.subscribe((event) => {
  if (event.type === 'state' && event.snapshot.phase === 'locked') {
    if (state === 'locked') die();
  }
  if (event.type === 'round-dealt') {
    if (state === 'dealt') die();
    if (state === 'in-settle') killer.armAfter(3); // BEGIN, first win/settle write, …: dies before COMMIT
  }
  if (event.type === 'round-settled' && state === 'settled') die();
});
if (state === 'in-lock') killer.armAfter(4); // after BEGIN + critical check reads, inside the lock transaction
cabinet.deal();
die();
