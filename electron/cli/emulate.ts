/**
 * Device emulators for technicians, tests and demos, each on one end of a pseudo-terminal (socat):
 *
 *   npm run emulate -- bill-acceptor --port PATH [--product NV200|NV9USB] [--channels 5,10,20,50,100,200,500]
 *                       [--country EUR] [--fixed-key HEX16] [--serial N] [--escrow-timeout-ms N]
 *                       [--encryption forced|optional] [--control-socket PATH]
 *   npm run emulate -- rng --port PATH [--mode good|stuck|biased|stalled]
 *
 * The bill acceptor (docs/protocols/essp-device-model.md) reads control lines on stdin (and on --control-socket):
 * insert <channel>, insert-invalid [reject-code], jam, unsafe-jam, clear-jam, stacker-full, stacker-emptied,
 * cashbox-out, cashbox-in, path-open, path-closed, fraud, power-cycle, garbage, corrupt-crc, drop-bytes,
 * duplicate-events, lose-ack, mute on|off, status. Each answer is one line: "ok …", "error …" or "status {json}".
 */
import { UsageError, intFlag, runCli } from './cli-support.ts';

const USAGE = `Usage:
  npm run emulate -- bill-acceptor --port PATH [options]
  npm run emulate -- rng --port PATH [--mode good|stuck|biased|stalled]

Start socat first, e.g.:
  socat -d -d pty,raw,echo=0,link=/tmp/ba/A pty,raw,echo=0,link=/tmp/ba/B
then run the emulator on A and the driver (or the kiosk) on B.

bill-acceptor options:
  --port PATH               serial device or pty the emulator holds (required)
  --product NAME            NV200 (default) or NV9USB; their command and event tables differ
  --channels LIST           channel values in major units, comma separated (default 5,10,20,50,100,200,500)
  --country CODE            3-letter currency (default EUR)
  --fixed-key HEX16         eSSP fixed key, 16 hex digits (default: the development key)
  --serial N                serial number reported to the host (default 12648430)
  --escrow-timeout-ms N     escrow hold timeout, 500..60000 (default 10000)
  --encryption MODE         forced (default: only the key set-up in clear) or optional
  --control-socket PATH     also accept control lines on this unix socket
  Control lines on stdin: insert <channel>, insert-invalid [reject-code], jam, unsafe-jam, clear-jam,
  stacker-full, stacker-emptied, cashbox-out, cashbox-in, path-open, path-closed, fraud, power-cycle,
  garbage, corrupt-crc, drop-bytes, duplicate-events, lose-ack, mute on|off, status

rng options:
  --port PATH               serial device or pty (required)
  --mode MODE               good (default), stuck, biased or stalled
`;

function parseChannels(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',');
  const values = parts.map((p) => p.trim());
  if (values.length < 1 || values.length > 16 || values.some((v) => !/^\d{1,6}$/.test(v) || Number(v) < 1)) {
    throw new UsageError(`--channels must list 1 to 16 whole amounts from 1 to 999999, comma separated, got "${text}"`);
  }
  return values.map(Number);
}

await runCli({
  name: 'emulate',
  usage: USAGE,
  options: {
    port: { type: 'string' },
    mode: { type: 'string' },
    channels: { type: 'string' },
    country: { type: 'string' },
    'fixed-key': { type: 'string' },
    serial: { type: 'string' },
    'escrow-timeout-ms': { type: 'string' },
    product: { type: 'string' },
    encryption: { type: 'string' },
    'control-socket': { type: 'string' },
  },
  async main({ values, positionals }) {
    const device = positionals[0];
    if (positionals.length !== 1 || (device !== 'bill-acceptor' && device !== 'rng')) {
      throw new UsageError(`name one device: bill-acceptor or rng, got "${positionals.join(' ')}"`);
    }
    const port = values.port;
    if (!port) throw new UsageError('--port is required (the pty or serial device the emulator holds)');
    if (device === 'rng') {
      for (const flag of [
        'channels',
        'country',
        'fixed-key',
        'serial',
        'escrow-timeout-ms',
        'product',
        'encryption',
        'control-socket',
      ] as const) {
        if (values[flag] !== undefined) throw new UsageError(`--${flag} applies to bill-acceptor, not rng`);
      }
      const mode = values.mode ?? 'good';
      // Loaded lazily: the RNG emulator is its own module.
      const { isRngEmulatorMode } = await import('../emulators/rng/rng-model.ts');
      const rng = await import('../emulators/rng/rng-emulator.ts');
      if (!isRngEmulatorMode(mode))
        throw new UsageError(`--mode must be good, stuck, biased or stalled, got "${mode}"`);
      await rng.runRngEmulator({ port, mode });
      return;
    }
    if (values.mode !== undefined) throw new UsageError('--mode applies to rng, not bill-acceptor');
    const country = values.country ?? 'EUR';
    if (!/^[A-Z]{3}$/.test(country)) throw new UsageError(`--country must be 3 capital letters, got "${country}"`);
    const product = values.product ?? 'NV200';
    if (product !== 'NV200' && product !== 'NV9USB') {
      throw new UsageError(`--product must be NV200 or NV9USB, got "${product}"`);
    }
    const encryption = values.encryption ?? 'forced';
    if (encryption !== 'forced' && encryption !== 'optional') {
      throw new UsageError(`--encryption must be forced or optional, got "${encryption}"`);
    }
    const model = await import('../emulators/bill-acceptor/bill-acceptor-unit.ts');
    const emulator = await import('../emulators/bill-acceptor/bill-acceptor-process.ts');
    const fixedKeyHex = values['fixed-key'] ?? model.DEV_FIXED_KEY_HEX;
    if (!/^[0-9a-fA-F]{16}$/.test(fixedKeyHex)) {
      throw new UsageError(`--fixed-key must be exactly 16 hexadecimal digits, got "${fixedKeyHex}"`);
    }
    const running = await emulator.runBillAcceptorEmulator({
      port,
      product,
      encryption,
      fixedKeyHex,
      channelsMajor: parseChannels(values.channels),
      countryCode: country,
      serialNumber: intFlag('serial', values.serial, 1, 0xffffffff, model.DEFAULT_SERIAL),
      escrowTimeoutMs: intFlag('escrow-timeout-ms', values['escrow-timeout-ms'], 500, 60_000, 10_000),
      controlSocket: values['control-socket'],
      input: process.stdin,
    });
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      process.once('SIGTERM', done);
      process.once('SIGINT', done);
      process.stdin.once('end', () => undefined); // stdin closing does not stop the device
    });
    // Closing a pty can take a while; a device that loses power does not wait for it.
    await Promise.race([running.stop(), new Promise((resolve) => setTimeout(resolve, 300))]);
    process.exit(0);
  },
});
