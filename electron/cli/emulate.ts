/**
 * Device emulators for technicians, tests and demos, each on one end of a pseudo-terminal (socat), all behind the
 * tools' shared checks (cli-support.ts): a bad flag, a missing or busy port or a control socket that cannot be
 * created is one stderr line and exit 2 before the emulator starts.
 *
 *   npm run emulate -- bill-acceptor --port PATH [--product NV200|NV9USB] [--channels 5,10,20,50,100,200,500]
 *                       [--country EUR] [--fixed-key HEX16] [--serial N] [--escrow-timeout-ms N]
 *                       [--encryption forced|optional] [--control-socket PATH]
 *   npm run emulate -- id003 --port PATH [--control-socket PATH] [--refuse-currency-assignment]
 *   npm run emulate -- rng --port PATH [--mode good|stuck|biased|stalled] [--rate N] [--wait-for CMD]
 *
 * The bill acceptor (docs/protocols/essp-device-model.md) reads control lines on stdin (and on --control-socket):
 * insert <channel>, insert-invalid [reject-code], jam, unsafe-jam, clear-jam, stacker-full, stacker-emptied,
 * cashbox-out, cashbox-in, path-open, path-closed, fraud, power-cycle, garbage, corrupt-crc, drop-bytes,
 * duplicate-events, lose-ack, mute on|off, status. Each answer is one line: "ok …", "error …" or "status {json}".
 * The ID-003 unit's control lines are docs/protocols/id003.md#emulator's; the RNG switches mode on a stdin line
 * (good, stuck, biased, stalled) or SIGUSR1 (stuck) and SIGUSR2 (good).
 */
import { UsageError, intFlag, newPathFlag, runCli, serialPortFlag } from './cli-support.ts';

const USAGE = `Usage:
  npm run emulate -- bill-acceptor --port PATH [options]
  npm run emulate -- id003 --port PATH [--control-socket PATH] [--refuse-currency-assignment]
  npm run emulate -- rng --port PATH [--mode good|stuck|biased|stalled] [--rate N] [--wait-for CMD]

Start socat first, e.g.:
  socat -d -d pty,raw,echo=0,link=/tmp/ba/A pty,raw,echo=0,link=/tmp/ba/B
then run the emulator on A and the driver (or the kiosk) on B. The port must exist, be a serial
device or pty, and not be held by another process; else one line and exit code 2.

bill-acceptor (eSSP) options:
  --port PATH               serial device or pty the emulator holds (required)
  --product NAME            NV200 (default) or NV9USB; their command and event tables differ
  --channels LIST           channel values in major units, comma separated (default 5,10,20,50,100,200,500)
  --country CODE            3-letter currency (default EUR)
  --fixed-key HEX16         eSSP fixed key, 16 hex digits (default: the development key)
  --serial N                serial number reported to the host (default 12648430)
  --escrow-timeout-ms N     escrow hold timeout, 500..60000 (default 10000)
  --encryption MODE         forced (default: only the key set-up in clear) or optional
  --control-socket PATH     also accept control lines on this unix socket (its folder must exist)
  Control lines on stdin: insert <channel>, insert-invalid [reject-code], jam, unsafe-jam, clear-jam,
  stacker-full, stacker-emptied, cashbox-out, cashbox-in, path-open, path-closed, fraud, power-cycle,
  garbage, corrupt-crc, drop-bytes, duplicate-events, lose-ack, mute on|off, status

id003 (JCM ID-003) options:
  --port PATH                   serial device or pty (required)
  --control-socket PATH         also accept control lines on this unix socket (its folder must exist)
  --refuse-currency-assignment  answer the currency assignment request with INVALID COMMAND (older firmware)

rng options:
  --port PATH               serial device or pty (required)
  --mode MODE               good (default), stuck, biased or stalled; a line on stdin switches it
  --rate N                  bytes per second, 100..10000000 (default 350000)
  --wait-for CMD            stay silent until CMD arrives (OneRNG: cmdO)
`;

const DEVICES = ['bill-acceptor', 'id003', 'rng'] as const;
type Device = (typeof DEVICES)[number];

/** The flags each device takes besides --port. */
const DEVICE_FLAGS: Readonly<Record<Device, readonly string[]>> = {
  'bill-acceptor': [
    'channels',
    'country',
    'fixed-key',
    'serial',
    'escrow-timeout-ms',
    'product',
    'encryption',
    'control-socket',
  ],
  id003: ['control-socket', 'refuse-currency-assignment'],
  rng: ['mode', 'rate', 'wait-for'],
};

function parseChannels(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',');
  const values = parts.map((p) => p.trim());
  if (values.length < 1 || values.length > 16 || values.some((v) => !/^\d{1,6}$/.test(v) || Number(v) < 1)) {
    throw new UsageError(`--channels must list 1 to 16 whole amounts from 1 to 999999, comma separated, got "${text}"`);
  }
  return values.map(Number);
}

/** Resolves on SIGTERM or SIGINT: a device that loses power does not wait for anything. */
function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
}

await runCli({
  name: 'emulate',
  usage: USAGE,
  options: {
    port: { type: 'string' },
    mode: { type: 'string' },
    rate: { type: 'string' },
    'wait-for': { type: 'string' },
    channels: { type: 'string' },
    country: { type: 'string' },
    'fixed-key': { type: 'string' },
    serial: { type: 'string' },
    'escrow-timeout-ms': { type: 'string' },
    product: { type: 'string' },
    encryption: { type: 'string' },
    'control-socket': { type: 'string' },
    'refuse-currency-assignment': { type: 'boolean' },
  },
  async main({ values, positionals }) {
    const device = positionals[0] as Device;
    if (positionals.length !== 1 || !DEVICES.includes(device)) {
      throw new UsageError(`name one device: ${DEVICES.join(', ')}, got "${positionals.join(' ')}"`);
    }
    for (const [flag, value] of Object.entries(values)) {
      if (flag === 'port' || value === undefined || DEVICE_FLAGS[device].includes(flag)) continue;
      const owners = DEVICES.filter((d) => DEVICE_FLAGS[d].includes(flag));
      throw new UsageError(`--${flag} applies to ${owners.join(' and ')}, not ${device}`);
    }
    if (!values.port) throw new UsageError('--port is required (the pty or serial device the emulator holds)');
    const controlSocket = values['control-socket'];
    if (controlSocket !== undefined) newPathFlag('control-socket', controlSocket);

    if (device === 'rng') {
      const mode = values.mode ?? 'good';
      // Loaded lazily: each emulator is its own module.
      const { isRngEmulatorMode } = await import('../emulators/rng/rng-model.ts');
      if (!isRngEmulatorMode(mode))
        throw new UsageError(`--mode must be good, stuck, biased or stalled, got "${mode}"`);
      const rate = intFlag('rate', values.rate, 100, 10_000_000, 350_000);
      const port = await serialPortFlag('port', values.port);
      const rng = await import('../emulators/rng/rng-emulator.ts');
      const controller = new AbortController();
      void untilStopped().then(() => controller.abort());
      await rng.runRngEmulator({
        port,
        mode,
        rate,
        waitFor: values['wait-for'] ?? null,
        signal: controller.signal,
        control: true,
      });
      return;
    }

    if (device === 'id003') {
      const port = await serialPortFlag('port', values.port);
      const { runId003Emulator } = await import('../emulators/bill-acceptor/id003/id003-emulator-process.ts');
      const running = await runId003Emulator({
        port,
        ...(controlSocket ? { controlSocket } : {}),
        refuseCurrencyAssignment: values['refuse-currency-assignment'] === true,
        input: process.stdin,
      });
      await untilStopped();
      await Promise.race([running.stop(), new Promise((resolve) => setTimeout(resolve, 300))]);
      process.exit(0);
    }

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
    const fixedKeyHex = values['fixed-key'] ?? model.DEV_FIXED_KEY_HEX;
    if (!/^[0-9a-fA-F]{16}$/.test(fixedKeyHex)) {
      throw new UsageError(`--fixed-key must be exactly 16 hexadecimal digits, got "${fixedKeyHex}"`);
    }
    const channelsMajor = parseChannels(values.channels);
    const serialNumber = intFlag('serial', values.serial, 1, 0xffffffff, model.DEFAULT_SERIAL);
    const escrowTimeoutMs = intFlag('escrow-timeout-ms', values['escrow-timeout-ms'], 500, 60_000, 10_000);
    const port = await serialPortFlag('port', values.port);
    const emulator = await import('../emulators/bill-acceptor/bill-acceptor-process.ts');
    const running = await emulator.runBillAcceptorEmulator({
      port,
      product,
      encryption,
      fixedKeyHex,
      channelsMajor,
      countryCode: country,
      serialNumber,
      escrowTimeoutMs,
      controlSocket,
      input: process.stdin,
    });
    process.stdin.once('end', () => undefined); // stdin closing does not stop the device
    await untilStopped();
    // Closing a pty can take a while; a device that loses power does not wait for it.
    await Promise.race([running.stop(), new Promise((resolve) => setTimeout(resolve, 300))]);
    process.exit(0);
  },
});
