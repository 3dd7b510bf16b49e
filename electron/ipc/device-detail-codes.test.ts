import { describe, expect, it } from 'vitest';
import type { DeviceDetailCode } from '../core/model/device-detail.ts';
import { CONDITION_TEXT } from '../devices/bill-acceptor/acceptor-conditions.ts';
import { deviceDetailOf, rngFailureOf, rngSourceOf } from './device-detail-codes.ts';

/** The words the bill acceptor driver and the RNG reader write, and the code each stands for. */
const SAID: Array<[device: string, words: string, code: unknown]> = [
  ['bill-acceptor', 'not reported', { code: 'not-reported' }],
  ['bill-acceptor', 'no bill acceptor configured', { code: 'acceptor-not-configured' }],
  ['bill-acceptor', 'not started (/dev/ttyUSB0)', { code: 'device-not-started', port: '/dev/ttyUSB0' }],
  ['bill-acceptor', 'stopped', { code: 'device-stopped', port: null }],
  ['bill-acceptor', 'disabled on /dev/ttyUSB0', { code: 'acceptor-ready', port: '/dev/ttyUSB0', enabled: false }],
  ['bill-acceptor', 'key exchanged, first poll pending on /dev/x', { code: 'acceptor-first-poll', port: '/dev/x' }],
  [
    'bill-acceptor',
    'no eSSP fixed key is set for /dev/x: set devices.billAcceptor.fixedKeyHex at the cabinet',
    { code: 'acceptor-no-fixed-key', port: '/dev/x' },
  ],
  [
    'bill-acceptor',
    'device unplugged (the port vanished); retrying in 2000 ms',
    { code: 'link-retrying', port: null, cause: 'device-unplugged', retryInMs: 2000 },
  ],
  ['rng', 'OS entropy only', { code: 'os-entropy-only' }],
  ['rng', 'hardware RNG on /dev/ttyACM0: not started', { code: 'device-not-started', port: '/dev/ttyACM0' }],
  [
    'rng',
    'hardware RNG on /dev/ttyACM0: connected, start-up test on 1024 samples',
    { code: 'rng-starting', port: '/dev/ttyACM0', samples: 1024 },
  ],
  [
    'rng',
    'hardware RNG on /dev/r: healthy (start-up test passed on 1024 samples; continuous RCT/APT, H = 7.5 bits/byte)',
    { code: 'rng-healthy', port: '/dev/r', samples: 1024, bitsPerByte: 7.5 },
  ],
  [
    'rng',
    'hardware RNG on /dev/r: repetition count test failed: 5 identical samples (0xaa) in a row, cutoff 5',
    { code: 'rng-repetition-failed', port: '/dev/r', cutoff: 5 },
  ],
  [
    'rng',
    'hardware RNG on /dev/r: adaptive proportion test failed: one value (0x01) 40 times in a window of 512, cutoff 40',
    { code: 'rng-proportion-failed', port: '/dev/r', cutoff: 40, window: 512 },
  ],
  [
    'rng',
    'hardware RNG on /dev/r: stalled: no bytes from the device for 3100 ms (limit 3000 ms)',
    { code: 'rng-stalled', port: '/dev/r', silentMs: 3100, limitMs: 3000 },
  ],
  [
    'rng',
    'hardware RNG on /dev/r: port closed; retrying in 500 ms',
    { code: 'link-retrying', port: '/dev/r', cause: 'port-closed', retryInMs: 500 },
  ],
];

/** The codes whose words the drivers wrote before they reported codes themselves. */
const WORDED_BY_OLDER_DRIVERS: readonly DeviceDetailCode[] = [
  'not-reported',
  'acceptor-not-configured',
  'os-entropy-only',
  'device-not-started',
  'device-stopped',
  'link-retrying',
  'acceptor-ready',
  'acceptor-first-poll',
  'acceptor-no-fixed-key',
  'acceptor-conditions',
  'rng-starting',
  'rng-healthy',
  'rng-repetition-failed',
  'rng-proportion-failed',
  'rng-stalled',
  'rng-source-os',
  'rng-source-hardware',
  'detail-as-written',
];

describe('device words as codes', () => {
  it.each(SAID)('%s: "%s"', (device, words, code) => {
    expect(deviceDetailOf(device, words)).toEqual(code);
  });

  it("every one of the acceptor's conditions, alone and together, in the driver's own words", () => {
    for (const [condition, text] of Object.entries(CONDITION_TEXT)) {
      expect(deviceDetailOf('bill-acceptor', text)).toEqual({ code: 'acceptor-conditions', conditions: [condition] });
    }
    const both = `${CONDITION_TEXT['safe-jam']}; ${CONDITION_TEXT.fraud}`;
    expect(deviceDetailOf('bill-acceptor', both)).toEqual({
      code: 'acceptor-conditions',
      conditions: ['safe-jam', 'fraud'],
    });
  });

  it('words this version does not know stay the words, coded as such', () => {
    expect(deviceDetailOf('bill-acceptor', 'the unit hums')).toEqual({ code: 'detail-as-written' });
    expect(deviceDetailOf('rng', 'hardware RNG on /dev/r: sings')).toEqual({ code: 'detail-as-written' });
    expect(deviceDetailOf('door', 'door on /x')).toEqual({ code: 'detail-as-written' });
  });

  it('the RNG source and its last failure', () => {
    expect(rngSourceOf('operating system entropy only (no hardware RNG configured)')).toEqual({
      code: 'rng-source-os',
    });
    expect(rngSourceOf('hardware RNG on /dev/r, mixed with OS entropy')).toEqual({
      code: 'rng-source-hardware',
      port: '/dev/r',
    });
    expect(rngFailureOf(null)).toBeNull();
    expect(
      rngFailureOf(
        '2026-12-01T03:00:00.000Z: repetition count test failed: 5 identical samples (0x00) in a row, cutoff 5',
      ),
    ).toEqual({ at: '2026-12-01T03:00:00.000Z', failure: { code: 'rng-repetition-failed', port: null, cutoff: 5 } });
  });

  it('every code the older drivers wrote in words is reachable from them (the reader has no dead pattern)', () => {
    const seen = new Set<string>([
      ...SAID.map(([, , c]) => (c as { code: string }).code),
      'acceptor-conditions',
      'rng-source-os',
      'rng-source-hardware',
      'detail-as-written',
    ]);
    expect(WORDED_BY_OLDER_DRIVERS.filter((c) => !seen.has(c))).toEqual([]);
  });
});
