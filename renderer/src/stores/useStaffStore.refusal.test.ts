/**
 * The staff config screen says why a device change was refused, in the technician's language: the real cabinet
 * on a real journal with its devices wrapped as the shells wrap them (a stub bill acceptor holding money in
 * flight), the real router, answers copied as across IPC, the staff store, and the config screen's words for a
 * refusal (StaffMenuConfig.vue: staffErrorText) in all six languages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { withLiveDevices } from '../../../electron/app/live-devices.ts';
import { paytableFor } from '../../../electron/app/paytable.ts';
import { CabinetDevices, type NoteInFlight } from '../../../electron/app/cabinet-devices.ts';
import { resolveDeviceSettings } from '../../../electron/app/device-settings.ts';
import type { DevicePort } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { VenueConfig } from '../../../electron/core/config/venue-config.ts';
import type { BillAcceptorService } from '../../../electron/devices/bill-acceptor/bill-acceptor-service.ts';
import type { CabinetBridge, Channel, IpcResult, RequestOf, ResponseMap } from '../../../electron/ipc/contract.ts';
import { createIpcRouter } from '../../../electron/ipc/router.ts';
import { closeCabinets, setupCabinet } from '../../../electron/testing/cabinet-harness.ts';
import { testConfig } from '../../../electron/testing/fixtures.ts';
import { testStaff, type TestStaff } from '../../../electron/testing/memory-staff.ts';
import { staffErrorText } from '../format/error-text.ts';
import { i18n, LOCALES, messages } from '../i18n/index.ts';

let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useStaffStore } = await import('./useStaffStore.ts');

const onPort = (port: string): VenueConfig => {
  const base = testConfig();
  return { ...base, devices: { ...base.devices, billAcceptor: { port, protocol: 'id003', fixedKeyHex: null } } };
};

let inFlight: NoteInFlight | null;
let staffAccess: TestStaff;
let cabinet: ReturnType<typeof setupCabinet>['cabinet'];

beforeEach(async () => {
  setActivePinia(createPinia());
  inFlight = null;
  const config = onPort('/dev/ttyUSB0');
  cabinet = setupCabinet(config).cabinet;
  const settingsFor = (c: VenueConfig) => resolveDeviceSettings(c, { flags: {}, env: {}, emulators: null });
  const stub = (): BillAcceptorService =>
    ({ start: async () => undefined, stop: async () => undefined }) as unknown as BillAcceptorService;
  const devices = new CabinetDevices({
    settings: settingsFor(config),
    report: () => undefined,
    moneyIn: () => cabinet as unknown as DevicePort,
    stateFile: '/nonexistent/bill-acceptor.json',
    log: () => undefined,
    checkPath: () => null,
    billAcceptors: { essp: stub, id003: stub },
    noteInFlight: () => inFlight,
  });
  await devices.startBill();
  staffAccess = testStaff({ keyOn: true, pins: { technician: '2468' } });
  const router = createIpcRouter(
    withLiveDevices(cabinet, devices, settingsFor, () => undefined),
    {
      staff: staffAccess.staff,
      paytable: paytableFor,
    },
  );
  bridge = {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>> {
      return structuredClone(await router.handle(channel, structuredClone(request))) as IpcResult<ResponseMap[C]>;
    },
    onEvent: (listener) => router.subscribe((event) => listener(structuredClone(event))),
  };
});
afterEach(() => {
  closeCabinets();
  i18n.global.locale.value = 'en';
});

/** A technician on the config screen with the bill acceptor's port edited. */
async function technicianMovesTheAcceptor() {
  await useCabinetStore().init();
  const staff = useStaffStore();
  await staff.init();
  staff.chooseRole('technician');
  expect(await staff.signIn('2468')).toBe(true);
  await staff.go('config');
  await staff.edit(['devices', 'billAcceptor', 'port'], '/dev/ttyUSB1');
  expect(staff.issues).toEqual([]);
  return staff;
}

/** What the config screen shows for the store's refusal (StaffMenuConfig.vue's `refusal`). */
const screenText = (staff: ReturnType<typeof useStaffStore>): string => {
  const { t, te } = i18n.global;
  return staffErrorText(staff.error!, t, te, (iso) => iso);
};

describe('the config screen says why the bill acceptor cannot change now, in every language', () => {
  for (const reason of ['note-in-escrow', 'credit-pending'] as const) {
    it(`${reason}: the refusal carries the reason, nothing changes, and each language words it`, async () => {
      const staff = await technicianMovesTheAcceptor();
      inFlight = reason;
      expect(await staff.applyConfig()).toBe(false);
      expect(staff.error).toMatchObject({ code: 'not-permitted', reason: { code: reason, device: 'bill-acceptor' } });
      expect(cabinet.venueConfig().devices.billAcceptor.port).toBe('/dev/ttyUSB0');
      expect(staff.done).toBeNull();

      const shown = new Set<string>();
      for (const locale of LOCALES) {
        i18n.global.locale.value = locale;
        const text = screenText(staff);
        const device = messages[locale].staff.config.device['bill-acceptor'];
        expect(text, locale).toBe(messages[locale].refusal[reason].replace('{device}', device));
        expect(text, locale).not.toBe(messages[locale].errors['not-permitted']);
        expect(text, locale).not.toContain(staff.error!.message);
        shown.add(text);
      }
      expect(shown.size).toBe(LOCALES.length);
    });
  }

  it('once the money is acknowledged the same edit applies and no refusal is shown', async () => {
    const staff = await technicianMovesTheAcceptor();
    inFlight = 'note-in-escrow';
    expect(await staff.applyConfig()).toBe(false);
    inFlight = null;
    expect(await staff.applyConfig()).toBe(true);
    expect(staff.error).toBeNull();
    expect(cabinet.venueConfig().devices.billAcceptor.port).toBe('/dev/ttyUSB1');
  });
});
