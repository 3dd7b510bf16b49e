/**
 * `npm run table-server -- --nats URL --table ID --journal PATH [--betting-ms N] [--venue-config FILE]`
 * (docs/stadium.md#running-a-table). Every flag is checked, the venue file read and the RNG chosen before anything
 * is created; then the broker is reached (a broker that is down is one clear error and exit 2: the service manager
 * starts the table again), the journal and the key are opened, what the journal owes the broker is published, and
 * one JSON line says the table is serving. SIGTERM or SIGINT finishes the round in progress and exits 0.
 */
import { runCli } from '../cli/cli-support.ts';
import { createRngService } from '../devices/rng/rng-service.ts';
import { connectNatsBroker } from './nats-broker.ts';
import { rawPublicKey } from './result-signature.ts';
import { loadOrCreateTableKey } from './table-key.ts';
import { TableJournal } from './table-journal.ts';
import { TABLE_SERVER_OPTIONS, TABLE_SERVER_USAGE, checkTableServerFlags } from './table-server-flags.ts';
import { TableServer } from './table-server.ts';

await runCli({
  name: 'table-server',
  usage: TABLE_SERVER_USAGE,
  options: TABLE_SERVER_OPTIONS,
  main: async ({ values, positionals }) => {
    const {
      url,
      table,
      journalPath,
      bettingMs,
      replicas,
      config,
      rng: settings,
    } = checkTableServerFlags(values, positionals);
    const rng = createRngService({
      portPath: settings.port,
      noPort: settings.noPort,
      minEntropyBitsPerByte: settings.minEntropyBitsPerByte,
      // A OneRNG streams only after "cmdO" (docs/protocols/serial-rng.md#what-the-reader-does).
      ...(settings.protocol === 'onerng' ? { startCommand: 'cmdO', stopCommand: 'cmdo' } : {}),
    });

    // Credentials come from the environment (the service unit), never the command line that `ps` shows.
    const user = process.env.STADIUM_NATS_USER;
    const credentials = user ? { user, pass: process.env.STADIUM_NATS_PASSWORD ?? '' } : {};
    // Whatever was opened is closed again in reverse, on an error as on a stop, so the process always exits.
    const opened: (() => unknown)[] = [];
    try {
      const broker = await connectNatsBroker(url, { name: `stadium table ${table}`, ...credentials });
      opened.push(() => broker.close());
      const journal = TableJournal.open(journalPath, table);
      opened.push(() => journal.close());
      const key = loadOrCreateTableKey(journalPath, journal.last() === null);
      await rng.start();
      opened.push(() => rng.stop());
      const log = (line: string): void => void process.stderr.write(`table-server ${table}: ${line}\n`);
      const parts = { table, broker, journal, privateKey: key.privateKey, profile: config.profile };
      const server = new TableServer({ ...parts, random: rng.random, bettingMs, replicas, log });
      // Heard from here on, before the ready line: a stop sent the moment it is read must find the handler.
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.stop());
      await server.recover();
      process.stdout.write(`${JSON.stringify({ table, ready: true, publicKey: rawPublicKey(key.publicKey) })}\n`);
      await server.serve();
    } finally {
      for (const close of opened.reverse()) await close();
    }
  },
});
