/**
 * audit-journal: the technician's full verification of a journal's record chains
 * (docs/cabinet-rules.md#verified-records). Every ledger, round and event row is checked from the
 * first, including rows a RAM clear accepted, and the rows moved to the journal's archive (`<journal>.archive`)
 * with the seam at the cut (docs/cabinet-rules.md#retention-and-archive); the first bad rows are named by
 * table and id. With `--owed` it checks what a damaged journal kept aside still owed, as its RAM clear
 * exported it (storage/damaged-journal-owed.ts, docs/cabinet-rules.md#damaged-journal).
 */
import { auditRecordChainFile } from '../certification/journal-audit.ts';
import { breakWhere } from '../core/model/record-check.ts';
import { recordProblemText } from '../core/wording/coded-words.ts';
import { englishWords } from '../core/wording/english-words.ts';
import { verifyOwedExport } from '../storage/damaged-journal-owed.ts';
import { existingFileFlag, intFlag, printJson, runCli, UsageError } from './cli-support.ts';

const USAGE = `Usage: npm run --silent audit-journal -- --journal PATH [--limit N] [--json]
       npm run --silent audit-journal -- --owed EXPORT [--json]

Checks every row of the journal's record chains (ledger, rounds, events) against its keyed digest
and the previous row's: the archived rows in <journal>.archive first, then the live journal, as one
chain across the cut. The key file <journal>.record-key must sit beside the journal.

With --owed, checks the export a RAM clear wrote of what a damaged journal still owed
(<journal>.damaged-<time>.owed.jsonl): its ledger rows add up to the amount on its last line, and
the damaged file kept beside it has the recorded SHA-256 and, read again, the same ledger rows.

  --journal PATH  the journal file (it is opened read-only and never changed)
  --owed EXPORT   the owed export of a damaged journal (read only)
  --limit N       name at most N bad rows (1 to 1000, default 20)
  --json          print the report as the last line: {"rowsChecked":…,"breaks":[{"table","rowId","problem"}…]},
                  or with --owed {"owed":{…},"problems":[…]}
  --help          this text

Exit codes: 0 everything verifies, 1 something does not, 2 bad input.`;

function auditOwed(file: string, json: boolean): number {
  let report;
  try {
    report = verifyOwedExport(file);
  } catch (error) {
    throw new UsageError(`--owed: ${file} is not an owed export (${error instanceof Error ? error.message : error})`);
  }
  if (json) printJson(report);
  else {
    if (report.owed) {
      process.stdout.write(
        `${report.owed.damagedFile} owed ${report.owed.owedMinor} (minor units) in ${report.owed.ledgerRows} ledger row(s)\n`,
      );
    }
    for (const problem of report.problems) process.stdout.write(`BAD ${problem}\n`);
    process.stdout.write(
      report.problems.length === 0 ? 'the owed export verifies\n' : 'the owed export does not verify\n',
    );
  }
  return report.problems.length === 0 ? 0 : 1;
}

void runCli({
  name: 'audit-journal',
  usage: USAGE,
  options: {
    journal: { type: 'string' },
    owed: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  main: ({ values }) => {
    const journal = values.journal;
    if (values.owed !== undefined) {
      if (journal !== undefined) throw new UsageError('--owed and --journal: give one of them');
      existingFileFlag('owed', values.owed);
      return auditOwed(values.owed, values.json === true);
    }
    if (journal === undefined) {
      throw new UsageError('--journal is required (the path of a journal file), or --owed with an owed export');
    }
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
      const english = englishWords();
      for (const b of report.breaks) {
        process.stdout.write(`BAD ${breakWhere(b)}: ${recordProblemText(english, b.problem).text}\n`);
      }
      process.stdout.write(report.breaks.length === 0 ? 'every record verifies\n' : 'the record chain is broken\n');
    }
    return report.breaks.length === 0 ? 0 : 1;
  },
});
