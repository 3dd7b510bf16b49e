/**
 * audit-journal: the technician's full verification of a journal's record chains
 * (docs/cabinet-rules.md#verified-records). Every ledger, round and event row is checked from the
 * first, including rows a RAM clear accepted, and the rows moved to the journal's archive (`<journal>.archive`)
 * with the seam at the cut (docs/cabinet-rules.md#retention-and-archive); the first bad rows are named by
 * table and id.
 */
import { auditRecordChainFile } from '../certification/journal-audit.ts';
import { existingFileFlag, intFlag, printJson, runCli, UsageError } from './cli-support.ts';

const USAGE = `Usage: npm run --silent audit-journal -- --journal PATH [--limit N] [--json]

Checks every row of the journal's record chains (ledger, rounds, events) against its keyed digest
and the previous row's: the archived rows in <journal>.archive first, then the live journal, as one
chain across the cut. The key file <journal>.record-key must sit beside the journal.

  --journal PATH  the journal file (it is opened read-only and never changed)
  --limit N       name at most N bad rows (1 to 1000, default 20)
  --json          print {"rowsChecked":…,"breaks":[{"table","rowId","problem"}…]} as the last line
  --help          this text

Exit codes: 0 every row verifies, 1 a row does not verify, 2 bad input.`;

void runCli({
  name: 'audit-journal',
  usage: USAGE,
  options: { journal: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  main: ({ values }) => {
    const journal = values.journal;
    if (journal === undefined) throw new UsageError('--journal is required (the path of a journal file)');
    existingFileFlag('journal', journal);
    const limit = intFlag('limit', values.limit, 1, 1000, 20);
    let report: ReturnType<typeof auditRecordChainFile>;
    try {
      report = auditRecordChainFile(journal, limit);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new UsageError(`--journal: ${journal} cannot be read as a journal (${why})`);
    }
    if (values.json) printJson(report);
    else {
      process.stdout.write(`${report.rowsChecked} rows checked\n`);
      for (const b of report.breaks) process.stdout.write(`BAD ${b.table} row ${b.rowId}: ${b.problem}\n`);
      process.stdout.write(report.breaks.length === 0 ? 'every record verifies\n' : 'the record chain is broken\n');
    }
    return report.breaks.length === 0 ? 0 : 1;
  },
});
