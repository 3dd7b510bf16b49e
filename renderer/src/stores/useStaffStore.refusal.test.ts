/**
 * The staff config screen says why a device change was refused, in the technician's language: the real cabinet
 * on a real journal with its devices wrapped as the shells wrap them (a stub bill acceptor holding money in
 * flight), the real router, answers copied as across IPC, the staff store, and the config screen's words for a
 * refusal (StaffMenuConfig.vue: staffErrorText) in all six languages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { liveApplyConfig } from '../../../electron/app/live-devices.ts';
import { shellCabinet } from '../../../electron/app/shell-cabinet.ts';
import { paytableFor } from '../../../electron/app/paytable.ts';
import { CabinetDevices, type NoteInFlight } from '../../../electron/app/cabinet-devices.ts';
import { resolveDeviceSettings } from '../../../electron/app/device-settings.ts';
import type { DevicePort } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { VenueConfig } from '../../../electron/core/config/venue-config.ts';
import type { BillAcceptorService } from '../../../electron/devices/bill-acceptor/acceptor-service.ts';
import type { CabinetBridge, Channel, IpcResult, RequestOf, ResponseMap } from '../../../electron/ipc/contract.ts';
import { createIpcRouter } from '../../../electron/ipc/router.ts';
import { closeCabinets, setupCabinet } from '../../../electron/testing/cabinet-harness.ts';
import { testConfig } from '../../../electron/testing/fixtures.ts';
import { testStaff, type TestStaff } from '../../../electron/testing/memory-staff.ts';
import { staffErrorText } from '../format/error-text.ts';
import { formatMoney } from '../format/money.ts';
import { i18n, LOCALES, messages } from '../i18n/index.ts';

let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));
const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useStaffStore } = await import('./useStaffStore.ts');
const { useStaffConfigStore } = await import('./staff/useStaffConfigStore.ts');
const { useStaffViews } = await import('./staff/useStaffViews.ts');

const FIRST_KEY = '0123456789abcdef';
const SECOND_KEY = 'fedcba9876543210';
/** The acceptor on its port with an eSSP key: a new key restarts it (its port changes only by re-provisioning). */
const withKey = (fixedKeyHex: string): VenueConfig => {
  const base = testConfig();
  return {
    ...base,
    devices: { ...base.devices, billAcceptor: { port: '/dev/ttyUSB0', protocol: 'essp', fixedKeyHex } },
  };
};

let inFlight: NoteInFlight | null;
let staffAccess: TestStaff;
let cabinet: ReturnType<typeof setupCabinet>['cabinet'];

beforeEach(async () => {
  setActivePinia(createPinia());
  inFlight = null;
  const config = withKey(FIRST_KEY);
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
    shellCabinet(cabinet, { applyConfig: liveApplyConfig(cabinet, devices, settingsFor, () => undefined) }),
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

/** A technician signed in on the config screen. */
async function technicianOnConfig() {
  await useCabinetStore().init();
  const staff = useStaffStore();
  await staff.init();
  await staffAccess.staff.setPin('technician', '2468');
  staff.chooseRole('technician');
  expect(await staff.signIn('2468')).toBe(true);
  await useStaffViews().go('config');
  return staff;
}

/** A technician on the config screen with the bill acceptor's key edited. */
async function technicianRekeysTheAcceptor() {
  const staff = await technicianOnConfig();
  await useStaffConfigStore().edit(['devices', 'billAcceptor', 'fixedKeyHex'], SECOND_KEY);
  expect(useStaffConfigStore().issues).toEqual([]);
  return staff;
}

/** What the config screen shows for the store's refusal (StaffMenuConfig.vue's `refusal`). */
const screenText = (staff: ReturnType<typeof useStaffStore>): string => {
  const { t, te } = i18n.global;
  return staffErrorText(
    staff.error!,
    t,
    te,
    (iso) => iso,
    (minor) => formatMoney(minor, { code: 'EUR', minorDigits: 2 }, i18n.global.locale.value),
  );
};

describe('the config screen says why the bill acceptor cannot change now, in every language', () => {
  for (const reason of ['note-in-escrow', 'credit-pending'] as const) {
    it(`${reason}: the refusal carries the reason, nothing changes, and each language words it`, async () => {
      const staff = await technicianRekeysTheAcceptor();
      inFlight = reason;
      expect(await useStaffConfigStore().applyConfig()).toBe(false);
      expect(staff.error).toMatchObject({ code: 'not-permitted', reason: { code: reason, device: 'bill-acceptor' } });
      expect(cabinet.venueConfig().devices.billAcceptor.fixedKeyHex).toBe(FIRST_KEY);
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
    const staff = await technicianRekeysTheAcceptor();
    inFlight = 'note-in-escrow';
    expect(await useStaffConfigStore().applyConfig()).toBe(false);
    inFlight = null;
    expect(await useStaffConfigStore().applyConfig()).toBe(true);
    expect(staff.error).toBeNull();
    expect(cabinet.venueConfig().devices.billAcceptor.fixedKeyHex).toBe(SECOND_KEY);
  });
});

describe('the config screen says which setting waits for an empty cabinet, in every language', () => {
  it('a currency change with credits on the meter: refused, nothing changes, each language names the setting', async () => {
    cabinet.creditBill({ valueMinor: 500, channel: 1, eventKey: 'five' });
    const staff = await technicianOnConfig();
    await useStaffConfigStore().edit(['currency', 'minorDigits'], 0);
    expect(await useStaffConfigStore().applyConfig()).toBe(false);
    expect(staff.error).toMatchObject({
      code: 'not-permitted',
      reason: { code: 'money-on-cabinet', creditsMinor: 500, settings: ['currency.minorDigits'] },
    });
    expect(cabinet.venueConfig().currency.minorDigits).toBe(2);
    const shown = new Set<string>();
    for (const locale of LOCALES) {
      i18n.global.locale.value = locale;
      const text = screenText(staff);
      expect(text, locale).toContain(messages[locale].staff.field.minorDigits);
      // The credits as the meters show them: 5,00 € in de, €5.00 in en.
      expect(text, locale).toContain(formatMoney(500, { code: 'EUR', minorDigits: 2 }, locale));
      expect(text, locale).not.toContain(staff.error!.message);
      shown.add(text);
    }
    expect(shown.size).toBe(LOCALES.length);
  });

  it('a key switch input edited at the cabinet: refused as a re-provisioning change, in each language', async () => {
    const staff = await technicianOnConfig();
    await useStaffConfigStore().edit(['inputs', 'operatorKeyFile'], '/tmp/any-file');
    expect(await useStaffConfigStore().applyConfig()).toBe(false);
    expect(staff.error).toMatchObject({ reason: { code: 'restart-only', settings: ['inputs.operatorKeyFile'] } });
    expect(cabinet.venueConfig().inputs.operatorKeyFile).toBeNull();
    for (const locale of LOCALES) {
      i18n.global.locale.value = locale;
      expect(screenText(staff), locale).toContain(messages[locale].staff.field.operatorKeyFile);
    }
  });
});
