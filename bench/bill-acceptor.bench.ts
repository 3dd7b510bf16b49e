/**
 * Bill acceptor benchmark: what the link layer, eSSP and crediting cost.
 *
 * - deframe + parse throughput of poll replies (frames/s) and CRC-16 throughput (MB/s);
 * - eSSP packet wrap + unwrap per second (AES-128-ECB) and a full DH parameter set + exchange (ms);
 * - credit latency over socat with the real cabinet (SQLite journal): from the poll reply carrying CREDIT_NOTE
 *   to cabinet.creditBill returning (committed), and insert → committed end to end (which includes the
 *   ≥ 200 ms poll spacing and the escrow HOLD round).
 *
 *   node bench/bill-acceptor.bench.ts [--notes N] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCabinet } from '../electron/storage/open-cabinet.ts';
import { DEFAULT_VENUE_CONFIG } from '../electron/core/config/venue-config.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import { createBillAcceptorService } from '../electron/devices/bill-acceptor/bill-acceptor-service.ts';
import {
  EMULATOR_FIXED_KEY_HEX,
  startEmbeddedBillAcceptorEmulator,
} from '../electron/emulators/bill-acceptor/embedded-emulator.ts';
import { DhParty, EsspSession, aesKey, generateDhParameters } from '../electron/devices/bill-acceptor/essp-crypto.ts';
import { Command, Event, Reply, parsePollReply } from '../electron/devices/bill-acceptor/ssp-protocol.ts';
import { SspDeframer, encodeFrame } from '../electron/devices/serial/ssp-framing.ts';
import { crc16 } from '../electron/devices/serial/ssp-crc.ts';
import { reportFigures } from './figures.ts';

const { values } = parseArgs({ options: { notes: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const notes = values.notes === undefined ? 10 : Number(values.notes);
if (!Number.isInteger(notes) || notes < 1 || notes > 200) {
  process.stderr.write('bill-acceptor.bench: --notes must be a whole number from 1 to 200\n');
  process.exit(2);
}

function perSecond(seconds: number, step: () => void): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    for (let i = 0; i < 100; i++) step();
    n += 100;
  }
  return n / ((performance.now() - start) / 1000);
}

const results: Record<string, number> = {};
const reply = encodeFrame(0x80, Uint8Array.of(Reply.OK, Event.CREDIT_NOTE, 3, Event.NOTE_STACKED, Event.DISABLED));
const deframer = new SspDeframer();
results.deframe_parse_frames_per_s = perSecond(1, () => {
  for (const r of deframer.push(reply)) if (r.kind === 'frame') parsePollReply(r.frame.data);
});
const block = new Uint8Array(64 * 1024).map((_, i) => i & 0xff);
results.crc16_MBps = (perSecond(1, () => crc16(block)) * block.length) / 1e6;

const key = aesKey(0x5e3a91c07d2b4f68n, 0x1122334455667788n);
const host = new EsspSession(key);
const slave = new EsspSession(key);
results.essp_wrap_unwrap_per_s = perSecond(1, () => slave.unwrap(host.wrap(Uint8Array.of(Command.POLL_WITH_ACK))));
{
  const start = performance.now();
  const rounds = 20;
  for (let i = 0; i < rounds; i++) {
    const params = generateDhParameters();
    const a = new DhParty(params);
    const b = new DhParty(params);
    if (a.negotiated(b.intermediate) !== b.negotiated(a.intermediate)) throw new Error('DH mismatch');
  }
  results.dh_exchange_ms = (performance.now() - start) / rounds;
}

// Credit latency over socat with the real cabinet.
const dir = mkdtempSync(join(tmpdir(), 'bill-bench-'));
const cabinet = openCabinet({
  journalPath: join(dir, 'journal.sqlite'),
  config: { ...DEFAULT_VENUE_CONFIG, limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 100_000_000 } },
  random: createCryptoRandomSource(),
});
const emulator = await startEmbeddedBillAcceptorEmulator({ mode: 'process' });
const service = createBillAcceptorService({
  portPath: emulator.portPath,
  cabinet,
  config: { fixedKeyHex: EMULATOR_FIXED_KEY_HEX, enabledChannels: [1, 2, 3, 4, 5], pollIntervalMs: 200 },
  stateFile: join(dir, 'state.json'),
});
await service.start();
const until = async (check: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('bench timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
};
await until(async () => (await emulator.controller.status()).enabled === true);
const endToEnd: number[] = [];
for (let i = 0; i < notes; i++) {
  const before = cabinet.meters().billsInMinor;
  const start = performance.now();
  await emulator.controller.insertNote(1 + (i % 5));
  await until(() => cabinet.meters().billsInMinor > before);
  endToEnd.push(performance.now() - start);
  await until(async () => (await emulator.controller.status()).unacked === 0);
}
const latencies = [...service.metrics.creditLatencyMs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
results.credit_commit_latency_ms_p50 = pct(latencies, 0.5);
results.credit_commit_latency_ms_max = latencies.at(-1)!;
endToEnd.sort((a, b) => a - b);
results.insert_to_commit_ms_p50 = pct(endToEnd, 0.5);
results.insert_to_commit_ms_max = endToEnd.at(-1)!;
results.notes = notes;
await service.stop();
await emulator.stop();
cabinet.close();
rmSync(dir, { recursive: true, force: true });

reportFigures({
  credit_commit_latency_p50_ms: { value: results.credit_commit_latency_ms_p50, unit: 'ms', better: 'lower' },
  insert_to_commit_p50_ms: { value: results.insert_to_commit_ms_p50, unit: 'ms', better: 'lower' },
});
if (values.json) process.stdout.write(JSON.stringify(results) + '\n');
else
  for (const [name, value] of Object.entries(results)) process.stdout.write(`${name.padEnd(34)} ${value.toFixed(2)}\n`);
