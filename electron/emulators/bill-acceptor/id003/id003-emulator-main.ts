/**
 * Runs the ID-003 emulator as its own process (development and tests only):
 *
 *   socat pty,raw,echo=0,link=/tmp/A pty,raw,echo=0,link=/tmp/B &
 *   node electron/emulators/bill-acceptor/id003/id003-emulator-main.ts --port /tmp/A [--control-socket /tmp/c]
 *
 * Control lines on stdin (id003-controls.ts); the driver opens /tmp/B.
 */
import { parseArgs } from 'node:util';
import { runId003Emulator } from './id003-emulator-process.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'control-socket': { type: 'string' },
    'refuse-currency-assignment': { type: 'boolean', default: false },
  },
});
if (!values.port) {
  process.stderr.write(
    'usage: id003-emulator-main.ts --port PATH [--control-socket PATH] [--refuse-currency-assignment]\n',
  );
  process.exit(2);
}
const running = await runId003Emulator({
  port: values.port,
  ...(values['control-socket'] ? { controlSocket: values['control-socket'] } : {}),
  refuseCurrencyAssignment: values['refuse-currency-assignment'],
  input: process.stdin,
});
const stop = () => void running.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
