/**
 * drbg-kat: runs one NIST CAVP HMAC_DRBG (SHA-256) known-answer case through the cabinet's DRBG,
 * for a gaming lab to compare with HMAC_DRBG.rsp ([PredictionResistance = False], no additional
 * input): instantiate, generate 1024 bits, generate 1024 bits, print the second (docs/rng.md#known-answer-tests).
 * `--hmac reference` runs the same case on node:crypto's HMAC, so a lab can see both paths agree;
 * `--hmac lockstep` runs it in each of four lockstep instances at once (docs/rng.md#lockstep-instances),
 * the path rng-report deals from, and prints the bits only if all four lanes return them.
 */
import { DrbgError, HmacDrbg, parseHex, toHex } from '../core/random/hmac-drbg.ts';
import { HmacDrbgX4 } from '../core/random/hmac-drbg-x4.ts';
import type { HmacPath } from '../core/random/hmac-sha256.ts';
import { printJson, runCli, UsageError } from './cli-support.ts';

const USAGE = `Usage: npm run --silent drbg-kat -- --entropy HEX --nonce HEX [--personalization HEX] [--hmac fast|reference] [--json]

Runs the NIST CAVP HMAC_DRBG (SHA-256) known-answer procedure on the cabinet's DRBG:
instantiate(entropy, nonce, personalization), generate 1024 bits twice, print the second.
No prediction resistance, no additional input (HMAC_DRBG.rsp, [PredictionResistance = False]).

  --entropy HEX          EntropyInput, at least 256 bits (64 hex digits)
  --nonce HEX            Nonce, at least 128 bits (32 hex digits)
  --personalization HEX  PersonalizationString (optional, default empty)
  --hmac PATH            fast (default: the cabinet's HMAC, key pads kept as SHA-256 midstates),
                         reference (node:crypto createHmac), or lockstep (four instances at once on
                         the SIMD SHA-256, as rng-report deals); all must print the same bits
  --json                 print {"returned_bits":"<hex>"} as the last line
  --help                 this text

Exit codes: 0 ok, 2 bad input (one line on stderr says what and what is allowed).`;

function hexFlag(name: string, text: string | undefined, minBits: number, required: boolean): Uint8Array {
  if (text === undefined) {
    if (required) throw new UsageError(`--${name} is required (hex, at least ${minBits} bits)`);
    return new Uint8Array(0);
  }
  let bytes: Uint8Array;
  try {
    bytes = parseHex(`--${name}`, text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (bytes.length * 8 < minBits) {
    throw new UsageError(
      `--${name} must be at least ${minBits} bits (${minBits / 4} hex digits), got ${bytes.length * 8}`,
    );
  }
  return bytes;
}

export function runKat(
  entropy: Uint8Array,
  nonce: Uint8Array,
  personalization: Uint8Array,
  hmac: HmacPath | 'lockstep' = 'fast',
): string {
  if (hmac === 'lockstep') return runLockstepKat(entropy, nonce, personalization);
  const drbg = new HmacDrbg({ entropy, nonce, personalization, hmac });
  drbg.generate(128);
  const returned = toHex(drbg.generate(128));
  drbg.uninstantiate();
  return returned;
}

/** The same procedure in four lockstep lanes at once; every lane must return the same bits. */
function runLockstepKat(entropy: Uint8Array, nonce: Uint8Array, personalization: Uint8Array): string {
  const drbg = new HmacDrbgX4([0, 1, 2, 3].map(() => ({ entropy, nonce, personalization })));
  const outs = [0, 1, 2, 3].map(() => new Uint8Array(128));
  drbg.generateInto(outs);
  drbg.generateInto(outs);
  drbg.uninstantiate();
  const lanes = new Set(outs.map(toHex));
  if (lanes.size !== 1) throw new Error('the four lockstep lanes disagree on one known-answer case');
  return toHex(outs[0]!);
}

await runCli({
  name: 'drbg-kat',
  usage: USAGE,
  options: {
    entropy: { type: 'string' },
    nonce: { type: 'string' },
    personalization: { type: 'string' },
    hmac: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  main: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const entropy = hexFlag('entropy', values.entropy, 256, true);
    const nonce = hexFlag('nonce', values.nonce, 128, true);
    const personalization = hexFlag('personalization', values.personalization, 0, false);
    const hmac = values.hmac ?? 'fast';
    if (hmac !== 'fast' && hmac !== 'reference' && hmac !== 'lockstep') {
      throw new UsageError(`--hmac must be fast, reference or lockstep, got "${hmac}"`);
    }
    let returned: string;
    try {
      returned = runKat(entropy, nonce, personalization, hmac);
    } catch (error) {
      if (error instanceof DrbgError) throw new UsageError(error.message);
      throw error;
    }
    if (values.json) printJson({ returned_bits: returned });
    else process.stdout.write(`ReturnedBits = ${returned}\n`);
  },
});
