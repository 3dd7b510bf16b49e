/**
 * RNG benchmark: what the certified randomness costs (docs/benchmarks.md#the-certified-rng-rngbenchts).
 *
 * - Certified rounds per second: FreshShoe + dealRound through the path rng-report uses: four
 *   lockstep HMAC_DRBG SHA-256 instances on the SIMD SHA-256, each with prediction resistance (a
 *   reseed from the entropy source before every request, so before every round) and rejection
 *   sampling (docs/rng.md#lockstep-instances), on one core and on every core (one worker thread
 *   each, its own instances). Beside it, alternating, the cabinet's single DRBG (the old path).
 * - The ceiling beside it: the same rounds with one `crypto.randomInt` per card, one core.
 *   Certified and ceiling alternate, three times each, so a busy machine weighs on both alike; the
 *   median of each is printed with the ratio, and the CPU time per round, which other work on the
 *   machine inflates less than wall time.
 * - Micro figures, fast vs reference (node:crypto createHmac): HMAC-SHA-256 of 32 bytes, and a
 *   32-byte DRBG generate with prediction resistance (the request a round makes); the SHA-256
 *   compression in TypeScript against the SIMD one (blocks per second, per lane).
 * OS entropy stands in for the device here; a TrueRNG delivers ~350 kB/s, i.e. ~5,400 reseeds/s
 * at 64 bytes per reseed, which is the hardware ceiling on rounds per second with prediction resistance.
 *
 *   node bench/rng.bench.ts [--seconds S] [--json]
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { dealRound } from '../electron/core/engine/round.ts';
import { FreshShoe } from '../electron/core/engine/shoe.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import { createDrbgRandomSource, createOsEntropySource } from '../electron/core/random/drbg-random-source.ts';
import { createLockstepDrbgRandomSource } from '../electron/core/random/lockstep-drbg-random-source.ts';
import { HmacDrbg } from '../electron/core/random/hmac-drbg.ts';
import { createHmacSha256, type HmacPath } from '../electron/core/random/hmac-sha256.ts';
import { compress } from '../electron/core/random/sha256-compress.ts';
import { SHA256_IV } from '../electron/core/random/sha256.ts';
import { createSha256x4 } from '../electron/core/random/sha256x4-module.ts';
import { OsEntropyPool } from '../electron/core/random/os-entropy-pool.ts';
import type { RandomSource } from '../electron/core/random/random-source.ts';
import { otherCpuShare } from './ui-figures.ts';
import { reportFigures } from './figures.ts';

interface Rate {
  /** Per second of wall time. */
  readonly perSecond: number;
  /** Per second of this thread's CPU time. */
  readonly perCpuSecond: number;
}

/** Runs `step` repeatedly for about `seconds`; returns steps per wall second and per CPU second. */
function measure(step: () => void, seconds: number): Rate {
  for (let i = 0; i < 2000; i++) step(); // warm-up, so the optimizing compiler has run
  let n = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let now = start;
  while (now - start < seconds * 1000) {
    for (let i = 0; i < 100; i++) step();
    n += 100;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpuStart);
  return { perSecond: n / ((now - start) / 1000), perCpuSecond: n / ((cpu.user + cpu.system) / 1e6) };
}

function rounds(random: RandomSource, seconds: number): Rate {
  return measure(() => dealRound(new FreshShoe(8, random)), seconds);
}

const certified = (hmac: HmacPath = 'fast') => createDrbgRandomSource({ entropy: createOsEntropySource(), hmac });
const lockstep = () => createLockstepDrbgRandomSource({ entropy: createOsEntropySource() });

if (!isMainThread) {
  // A worker of the all-cores figure: its own certified source, rounds for the given time.
  const { seconds, lanes } = workerData as { seconds: number; lanes: number };
  parentPort!.postMessage(rounds(lanes === 4 ? lockstep() : certified(), seconds));
} else {
  await main();
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
  const budget = values.seconds === undefined ? 1 : Number(values.seconds);
  if (!(budget >= 0.1 && budget <= 60)) {
    process.stderr.write('rng.bench: --seconds must be a number from 0.1 to 60 (time per measurement)\n');
    process.exit(2);
  }
  const started = performance.now();
  const busyBefore = await otherCpuShare(1000);
  const cores = availableParallelism();

  const allCores = async (lanes: number): Promise<number> => {
    const rates = await Promise.all(
      Array.from(
        { length: cores },
        () =>
          new Promise<Rate>((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { seconds: budget, lanes } });
            worker.once('message', (rate: Rate) => {
              resolve(rate);
              void worker.terminate();
            });
            worker.once('error', reject);
          }),
      ),
    );
    return rates.reduce((sum, r) => sum + r.perSecond, 0);
  };

  const oneCore: Rate[] = [];
  const oneCoreSingle: Rate[] = [];
  const ceiling: Rate[] = [];
  const everyCore: number[] = [];
  const everyCoreSingle: number[] = [];
  const lockstepSource = lockstep();
  const singleSource = certified();
  const ceilingSource = createCryptoRandomSource();
  for (let i = 0; i < 3; i++) {
    oneCore.push(rounds(lockstepSource, budget));
    oneCoreSingle.push(rounds(singleSource, budget));
    ceiling.push(rounds(ceilingSource, budget));
    everyCore.push(await allCores(4));
    everyCoreSingle.push(await allCores(1));
  }
  const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  // Micro figures, fast and reference alternating.
  const micro: Record<string, number[]> = {};
  const note = (key: string, value: number) => (micro[key] ??= []).push(value);
  const pool = new OsEntropyPool();
  const message = new Uint8Array(randomBytes(32));
  const out = new Uint8Array(32);
  const tsState = Int32Array.from(SHA256_IV);
  const blockView = new DataView(randomBytes(64).buffer);
  const simd = createSha256x4();
  for (let i = 0; i < 3; i++) {
    for (const path of ['fast', 'reference'] as const) {
      const mac = createHmacSha256(path);
      mac.setKey(new Uint8Array(randomBytes(32)));
      note(`hmac_sha256_32B_per_s_${path}`, measure(() => mac.macInto(out, message), budget / 2).perSecond);
      const drbg = new HmacDrbg({
        entropy: new Uint8Array(randomBytes(32)),
        nonce: new Uint8Array(randomBytes(16)),
        entropySource: (bits) => pool.take(bits / 8),
        hmac: path,
      });
      const block = new Uint8Array(32);
      note(
        `drbg_generate_pr_32B_per_s_${path}`,
        measure(() => drbg.generateInto(block, { predictionResistance: true }), budget / 2).perSecond,
      );
      note(`certified_rounds_per_s_one_core_${path}`, rounds(certified(path), budget / 2).perSecond);
    }
    // The compression alone: the TypeScript one, and the SIMD one per lane (four blocks a call).
    note('sha256_blocks_per_s_typescript', measure(() => compress(tsState, blockView, 0), budget / 2).perSecond);
    note('sha256_blocks_per_s_wasm_simd_per_lane', 4 * measure(() => simd.compress4(0, 128), budget / 2).perSecond);
  }

  const results: Record<string, number> = {
    certified_rounds_per_s_one_core: median(oneCore.map((r) => r.perSecond)),
    certified_rounds_per_cpu_s_one_core: median(oneCore.map((r) => r.perCpuSecond)),
    certified_rounds_per_s_all_cores: median(everyCore),
    single_drbg_rounds_per_s_one_core: median(oneCoreSingle.map((r) => r.perSecond)),
    single_drbg_rounds_per_cpu_s_one_core: median(oneCoreSingle.map((r) => r.perCpuSecond)),
    single_drbg_rounds_per_s_all_cores: median(everyCoreSingle),
    ratio_lockstep_to_single_one_core_cpu:
      median(oneCore.map((r) => r.perCpuSecond)) / median(oneCoreSingle.map((r) => r.perCpuSecond)),
    cores,
    ceiling_crypto_randomInt_rounds_per_s_one_core: median(ceiling.map((r) => r.perSecond)),
    ceiling_crypto_randomInt_rounds_per_cpu_s_one_core: median(ceiling.map((r) => r.perCpuSecond)),
    ratio_certified_one_core_to_ceiling:
      median(oneCore.map((r) => r.perSecond)) / median(ceiling.map((r) => r.perSecond)),
    ratio_certified_all_cores_to_ceiling: median(everyCore) / median(ceiling.map((r) => r.perSecond)),
    target_rounds_per_s_one_core: 125_000,
    target_rounds_per_s_all_cores: 250_000,
  };
  for (const [key, samples] of Object.entries(micro)) results[key] = median(samples);
  results.cpu_in_use_by_others_before_percent = busyBefore * 100;
  results.bench_seconds = (performance.now() - started) / 1000;
  for (const key of Object.keys(results)) {
    results[key] =
      Math.round(results[key]! * (key.startsWith('ratio') ? 1000 : 1)) / (key.startsWith('ratio') ? 1000 : 1);
  }

  const ceilingPerSecond = results.ceiling_crypto_randomInt_rounds_per_s_one_core!;
  reportFigures({
    certified_rounds_per_s_one_core: {
      value: results.certified_rounds_per_s_one_core!,
      unit: 'rounds/s',
      better: 'higher',
      ceiling: ceilingPerSecond,
    },
    certified_rounds_per_cpu_s_one_core: {
      value: results.certified_rounds_per_cpu_s_one_core!,
      unit: 'rounds/s',
      better: 'higher',
      ceiling: results.ceiling_crypto_randomInt_rounds_per_cpu_s_one_core!,
    },
    certified_rounds_per_s_all_cores: {
      value: results.certified_rounds_per_s_all_cores!,
      unit: 'rounds/s',
      better: 'higher',
      ceiling: ceilingPerSecond * cores,
    },
  });
  if (values.json) {
    process.stdout.write(JSON.stringify({ bench: 'rng', ...results }) + '\n');
    return;
  }
  const row = (label: string, value: number | string) => process.stdout.write(`  ${label.padEnd(58)} ${value}\n`);
  process.stdout.write(
    `RNG benchmark: OS entropy as the entropy source, ${cores} cores, ${results.cpu_in_use_by_others_before_percent}% of the CPU in use by other work before the run\n`,
  );
  process.stdout.write(
    'Certified rounds (4 lockstep HMAC_DRBG instances, prediction resistance, reseed every round), median of 3\n',
  );
  row('rounds/s, one core', results.certified_rounds_per_s_one_core!);
  row('rounds per CPU second, one core', results.certified_rounds_per_cpu_s_one_core!);
  row(`rounds/s, all ${cores} cores`, results.certified_rounds_per_s_all_cores!);
  row("single DRBG (the cabinet's, old path): rounds/s, one core", results.single_drbg_rounds_per_s_one_core!);
  row('single DRBG: rounds per CPU second, one core', results.single_drbg_rounds_per_cpu_s_one_core!);
  row(`single DRBG: rounds/s, all ${cores} cores`, results.single_drbg_rounds_per_s_all_cores!);
  row('ratio lockstep / single, rounds per CPU second', results.ratio_lockstep_to_single_one_core_cpu!);
  row(
    'ceiling: crypto.randomInt per card, rounds/s, one core',
    results.ceiling_crypto_randomInt_rounds_per_s_one_core!,
  );
  row('ceiling: rounds per CPU second, one core', results.ceiling_crypto_randomInt_rounds_per_cpu_s_one_core!);
  row('ratio certified (one core) / ceiling', results.ratio_certified_one_core_to_ceiling!);
  row(`ratio certified (all cores) / ceiling (one core)`, results.ratio_certified_all_cores_to_ceiling!);
  row('target, one core / all cores', '125000 / 250000');
  process.stdout.write('Fast HMAC vs reference (node:crypto createHmac), median of 3, alternating\n');
  for (const [key, value] of Object.entries(results)) {
    if (key.endsWith('_fast') || key.endsWith('_reference') || key.startsWith('sha256_')) row(key, value);
  }
  row('bench took, seconds', results.bench_seconds!);
}
