/**
 * RNG benchmark: what the certified randomness costs.
 *
 * - HMAC_DRBG (SHA-256) generate throughput, MB/s, for 32-byte, 1 KiB and 64 KiB requests
 *   (no prediction resistance: the DRBG itself);
 * - the same with prediction resistance (a reseed from OS entropy before every request);
 * - cards per second through the DRBG random source (FreshShoe + dealRound, 8 decks), with
 *   prediction resistance on (the cabinet's mode) and off (reseed only before each round),
 *   against crypto.randomInt as a baseline.
 * OS entropy stands in for the device here; a TrueRNG delivers ~350 kB/s, i.e. ~5,400 reseeds/s
 * at 64 bytes per reseed, which is the hardware ceiling on rounds per second with prediction resistance.
 *
 *   node bench/rng.bench.ts [--seconds S] [--json]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { dealRound } from '../electron/core/engine/round.ts';
import { FreshShoe } from '../electron/core/engine/shoe.ts';
import { createCryptoRandomSource } from '../electron/core/random/crypto-random-source.ts';
import { createDrbgRandomSource, createOsEntropySource } from '../electron/core/random/drbg-random-source.ts';
import { HmacDrbg } from '../electron/core/random/hmac-drbg.ts';
import type { RandomSource } from '../electron/core/random/random-source.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
const budget = values.seconds === undefined ? 1 : Number(values.seconds);
if (!(budget >= 0.1 && budget <= 60)) {
  process.stderr.write('rng.bench: --seconds must be a number from 0.1 to 60 (time per measurement)\n');
  process.exit(2);
}

/** Runs `step` repeatedly for about `budget` seconds; returns steps per second. */
function measure(step: () => void): number {
  for (let i = 0; i < 200; i++) step(); // warm-up
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budget * 1000) {
    for (let i = 0; i < 50; i++) step();
    n += 50;
    now = performance.now();
  }
  return n / ((now - start) / 1000);
}

const results: Record<string, number> = {};
const newDrbg = () =>
  new HmacDrbg({
    entropy: new Uint8Array(randomBytes(32)),
    nonce: new Uint8Array(randomBytes(16)),
    entropySource: (bits) => new Uint8Array(randomBytes(bits / 8)),
  });

for (const size of [32, 1024, 65536]) {
  const drbg = newDrbg();
  const perSecond = measure(() => drbg.generate(size));
  results[`drbg_generate_${size}B_MBps`] = (perSecond * size) / 1e6;
  results[`drbg_generate_${size}B_per_s`] = perSecond;
  const pr = newDrbg();
  const prPerSecond = measure(() => pr.generate(size, { predictionResistance: true }));
  results[`drbg_generate_pr_${size}B_MBps`] = (prPerSecond * size) / 1e6;
  results[`drbg_generate_pr_${size}B_per_s`] = prPerSecond;
}

function cardsPerSecond(random: RandomSource): { cards: number; rounds: number } {
  let cards = 0;
  let rounds = 0;
  const start = performance.now();
  measure(() => {
    cards += dealRound(new FreshShoe(8, random)).dealOrder.length;
    rounds++;
  });
  const seconds = (performance.now() - start) / 1000;
  return { cards: cards / seconds, rounds: rounds / seconds };
}

const pr = cardsPerSecond(createDrbgRandomSource({ entropy: createOsEntropySource(), predictionResistance: true }));
const noPr = cardsPerSecond(createDrbgRandomSource({ entropy: createOsEntropySource(), predictionResistance: false }));
const baseline = cardsPerSecond(createCryptoRandomSource());
results.cards_per_s_drbg_prediction_resistance_on = pr.cards;
results.rounds_per_s_drbg_prediction_resistance_on = pr.rounds;
results.cards_per_s_drbg_prediction_resistance_off = noPr.cards;
results.rounds_per_s_drbg_prediction_resistance_off = noPr.rounds;
results.cards_per_s_crypto_randomInt_baseline = baseline.cards;

for (const key of Object.keys(results)) results[key] = Math.round(results[key]! * 100) / 100;
if (values.json) {
  process.stdout.write(JSON.stringify({ bench: 'rng', ...results }) + '\n');
} else {
  process.stdout.write('RNG benchmark (OS entropy as the entropy source)\n');
  for (const [key, value] of Object.entries(results)) process.stdout.write(`  ${key.padEnd(48)} ${value}\n`);
}
