/** The host's device flags are checked strictly, one sentence for the first bad one (docs/venue-config.md#device-settings). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDeviceFlags } from './device-flags.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'device-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseDeviceFlags', () => {
  it('good flags become device settings', () => {
    expect(
      parseDeviceFlags({
        'rng-port': '/dev/null',
        'rng-protocol': 'onerng',
        'bill-port': '/dev/null',
        'bill-protocol': 'essp',
        'bill-fixed-key': '9A3F04C27E51B8D6',
      }),
    ).toEqual({
      rngPort: '/dev/null',
      rngProtocol: 'onerng',
      billPort: '/dev/null',
      billProtocol: 'essp',
      billFixedKeyHex: '9A3F04C27E51B8D6',
    });
    expect(parseDeviceFlags({})).toEqual({});
  });

  it.each([
    [{ 'rng-port': path.join(dir, 'absent') }, /^--rng-port: .*absent does not exist/],
    [{ 'bill-port': dir }, /^--bill-port: .* is a directory, not a serial device/],
    [{ 'rng-protocol': 'rdrand' }, /^--rng-protocol must be one of truerng, onerng, got "rdrand"$/],
    [{ 'bill-protocol': 'mdb' }, /^--bill-protocol must be one of essp, id003, got "mdb"$/],
    [{ 'bill-fixed-key': '0123456701234567' }, /^--bill-fixed-key: .*published factory default/],
    [{ 'bill-fixed-key': '12345' }, /^--bill-fixed-key: .*exactly 16 hexadecimal digits/],
    [{ 'bill-protocol': 'id003', 'bill-fixed-key': '9A3F04C27E51B8D6' }, /essp only/],
  ])('%o is refused naming the flag', (values, message) => {
    expect(() => parseDeviceFlags(values)).toThrow(message);
  });
});
