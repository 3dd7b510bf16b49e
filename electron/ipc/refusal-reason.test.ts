/**
 * A venue-config change that would restart the bill acceptor while it holds money in flight is refused over IPC
 * with `not-permitted` and the reason as a typed code (docs/venue-config.md#device-settings), and changes nothing:
 * the real cabinet on a real journal, its devices wrapped the way the shells wrap them (live-devices.ts), and
 * the real router in front.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { liveApplyConfig } from '../app/live-devices.ts';
import { shellCabinet } from '../app/shell-cabinet.ts';
import { paytableFor } from '../app/paytable.ts';
import { CabinetDevices, type NoteInFlight } from '../app/cabinet-devices.ts';
import { resolveDeviceSettings } from '../app/device-settings.ts';
import type { BillAcceptorService } from '../devices/bill-acceptor/acceptor-service.ts';
import type { DevicePort } from '../core/cabinet/cabinet-api.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import { closeCabinets, setupCabinet } from '../testing/cabinet-harness.ts';
import { testConfig } from '../testing/fixtures.ts';
import { testStaff } from '../testing/memory-staff.ts';
import { CabinetError } from '../core/cabinet/cabinet-error.ts';
import { refusalReasonSchema, type IpcResult } from './contract.ts';
import { createIpcRouter } from './router.ts';

afterEach(closeCabinets);

/** The acceptor on its fixed port with an eSSP key: a new key restarts it (its port changes only by re-provisioning). */
const withKey = (fixedKeyHex: string): VenueConfig => {
  const base = testConfig();
  return {
    ...base,
    devices: { ...base.devices, billAcceptor: { port: '/dev/ttyUSB0', protocol: 'essp', fixedKeyHex } },
  };
};
const FIRST_KEY = '0123456789abcdef';
const SECOND_KEY = 'fedcba9876543210';

/** A technician signed in on a router over the real cabinet, its acceptor a stub that records stops. */
async function cabinetWithAcceptor() {
  const config = withKey(FIRST_KEY);
  const { cabinet } = setupCabinet(config);
  const settingsFor = (c: VenueConfig) => resolveDeviceSettings(c, { flags: {}, env: {}, emulators: null });
  const state: { inFlight: NoteInFlight | null; stopped: string[] } = { inFlight: null, stopped: [] };
  const stub = (o: { portPath: string }): BillAcceptorService =>
    ({ start: async () => undefined, stop: async () => void state.stopped.push(o.portPath) }) as BillAcceptorService;
  const devices = new CabinetDevices({
    settings: settingsFor(config),
    report: () => undefined,
    moneyIn: () => cabinet as unknown as DevicePort,
    stateFile: '/nonexistent/bill-acceptor.json',
    log: () => undefined,
    checkPath: () => null,
    billAcceptors: { essp: stub, id003: stub },
    noteInFlight: () => state.inFlight,
  });
  await devices.startBill();
  const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
  const router = createIpcRouter(
    shellCabinet(cabinet, { applyConfig: liveApplyConfig(cabinet, devices, settingsFor, () => undefined) }),
    {
      staff,
      paytable: paytableFor,
    },
  );
  await staff.signIn('technician', '2468');
  return { cabinet, router, state, settingsFor };
}

type Refused = Extract<IpcResult<unknown>, { ok: false }>;
const refusedWith = (result: IpcResult<unknown>): Refused['error'] => {
  expect(result.ok).toBe(false);
  return (result as Refused).error;
};

describe('a device change refused while the bill acceptor holds money in flight', () => {
  it('answers not-permitted with the reason as a code and its device, and nothing changes', async () => {
    const { cabinet, router, state } = await cabinetWithAcceptor();
    const before = cabinet.venueConfig();
    const auditBefore = cabinet.configAudit({ limit: 50 });
    for (const inFlight of ['note-in-escrow', 'credit-pending'] as const) {
      state.inFlight = inFlight;
      const error = refusedWith(await router.handle('tech:config:apply', { config: withKey(SECOND_KEY) }));
      expect(error.code).toBe('not-permitted');
      expect(error.reason).toEqual({ code: inFlight, device: 'bill-acceptor' });
    }
    expect(cabinet.venueConfig()).toEqual(before);
    expect(cabinet.configAudit({ limit: 50 })).toEqual(auditBefore);
    expect(state.stopped).toEqual([]);
  });

  it('holds for any new key and either reason; once the money is acknowledged the same change applies', async () => {
    const { cabinet, router, state } = await cabinetWithAcceptor();
    const before = cabinet.venueConfig();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<NoteInFlight>('note-in-escrow', 'credit-pending'),
        fc.stringMatching(/^[0-9a-f]{16}$/).filter((k) => k !== FIRST_KEY),
        async (inFlight, key) => {
          state.inFlight = inFlight;
          const error = refusedWith(await router.handle('tech:config:apply', { config: withKey(key) }));
          expect(refusalReasonSchema.parse(error.reason)).toEqual({ code: inFlight, device: 'bill-acceptor' });
          expect(cabinet.venueConfig()).toEqual(before);
        },
      ),
      { numRuns: 25 },
    );
    state.inFlight = null;
    const applied = await router.handle('tech:config:apply', { config: withKey(SECOND_KEY) });
    expect(applied.ok).toBe(true);
    expect(cabinet.venueConfig().devices.billAcceptor.fixedKeyHex).toBe(SECOND_KEY);
  });

  it('a change that leaves the acceptor alone is not held up by the money in flight', async () => {
    const { cabinet, router, state } = await cabinetWithAcceptor();
    state.inFlight = 'note-in-escrow';
    const result = await router.handle('tech:config:apply', {
      config: { ...withKey(FIRST_KEY), attractIdleS: 90 },
    });
    expect(result.ok).toBe(true);
    expect(cabinet.venueConfig().attractIdleS).toBe(90);
  });
});

describe('only a reason the contract declares crosses the seam', () => {
  /** A router whose cabinet refuses the meters with this reason attached to its error. */
  async function refusing(reason: unknown) {
    const error = Object.assign(new CabinetError('not-permitted', 'refused in English'), { reason });
    const cabinet = {
      subscribe: () => () => undefined,
      meters: () => {
        throw error;
      },
    };
    const { staff } = testStaff({ keyOn: true, pins: { technician: '2468', attendant: '1357' } });
    await staff.signIn('attendant', '1357');
    return createIpcRouter(cabinet as never, { staff, paytable: () => ({}) as never });
  }

  it('a declared reason crosses as it is', async () => {
    const router = await refusing({ code: 'credit-pending', device: 'bill-acceptor' });
    expect(refusedWith(await router.handle('tech:meters', {}))).toEqual({
      code: 'not-permitted',
      message: 'refused in English',
      reason: { code: 'credit-pending', device: 'bill-acceptor' },
    });
  });

  it('a reason outside the schema is dropped; the code and the message still answer', async () => {
    const undeclared = [
      { code: 'note-in-escrow', device: 'rng' },
      { code: 'note-in-escrow', device: 'bill-acceptor', port: '/dev/ttyUSB0' },
      { code: 'made-up' },
      'note-in-escrow',
      7,
      null,
    ];
    for (const reason of undeclared) {
      const router = await refusing(reason);
      const error = refusedWith(await router.handle('tech:meters', {}));
      expect(error, JSON.stringify(reason)).toEqual({ code: 'not-permitted', message: 'refused in English' });
    }
  });
});
