import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { CabinetBridge } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

/** The real cabinet and main's real staff access behind the bridge the stores connect to. */
let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('../bridge/index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetStore } = await import('./useCabinetStore.ts');
const { useStaffStore, ATTENDANT_VIEWS, TECHNICIAN_VIEWS } = await import('./useStaffStore.ts');
const { useStaffMetersStore } = await import('./staff/useStaffMetersStore.ts');
const { useStaffJournalStore } = await import('./staff/useStaffJournalStore.ts');
const { useStaffActions } = await import('./staff/useStaffActions.ts');
const { useStaffViews } = await import('./staff/useStaffViews.ts');
const meters = (): ReturnType<typeof useStaffMetersStore> => useStaffMetersStore();
const journal = (): ReturnType<typeof useStaffJournalStore> => useStaffJournalStore();

async function start(): Promise<ReturnType<typeof useStaffStore>> {
  await useCabinetStore().init();
  const staff = useStaffStore();
  await staff.init();
  return staff;
}

/** Waits for main's answers and the store's follow-up reads to settle (no timers involved). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

beforeEach(() => {
  setActivePinia(createPinia());
  real = createInProcessBridge({ seed: 20261201 });
  bridge = real.bridge;
});
afterEach(() => real.close());

describe('the staff menu follows main: the key opens it, main decides the PIN, the key off closes it', () => {
  it('stays closed while the key is off, and opens on the staff push when the key turns on', async () => {
    const staff = await start();
    expect(staff.keyOn).toBe(false);
    real.staff.staff.setKey(true);
    expect(staff.keyOn).toBe(true);
    expect(staff.role).toBeNull();
  });

  it('a role with no PIN is refused by code (no sign-in sets one); the attendant sees attendant screens only', async () => {
    real.close();
    real = createInProcessBridge({ seed: 20261201, pins: { attendant: '4321' } });
    bridge = real.bridge;
    real.staff.staff.setKey(true);
    const staff = await start();
    expect(staff.status?.roles.technician.pinSet).toBe(false);
    staff.chooseRole('technician');
    expect(await staff.signIn('2468')).toBe(false);
    expect(staff.error?.code).toBe('no-pin');
    expect(staff.status?.roles.technician.pinSet).toBe(false);
    staff.chooseRole('attendant');
    expect(await staff.signIn('4321')).toBe(true);
    await settle();
    expect(staff.role).toBe('attendant');
    expect(staff.views).toEqual(ATTENDANT_VIEWS);
    // A new session opens on the meters: the menu reads them from main as it opens.
    expect(staff.opening).toBe(true);
    await useStaffViews().go('meters');
    expect(meters().meters?.roundsPlayed).toBe(0);

    // A technician screen asked for anyway is refused by main, by code.
    await useStaffViews().go('events');
    expect(staff.error?.code).toBe('wrong-role');
  });

  it('an attendant saves the meters as CSV or as a printable page, as main made them', async () => {
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('attendant');
    expect(await staff.signIn('4321')).toBe(true);
    const saved: Array<{ fileName: string; text: string }> = [];
    const save = (fileName: string, text: string): void => void saved.push({ fileName, text });
    expect(await meters().exportMeters(save)).toBe(true);
    expect(await meters().exportMeters(save, 'html')).toBe(true);
    expect(saved[0]?.fileName).toMatch(/^meters-.+\.csv$/);
    expect(saved[0]?.text).toMatch(/^cabinet,/);
    expect(saved[1]?.fileName).toMatch(/^meters-.+\.html$/);
    expect(saved[1]?.text).toMatch(/^<!DOCTYPE html>/);
    expect(saved[1]?.text).toContain('<tr data-meter="rounds-played">');
    expect(staff.done).toEqual({ key: 'exported', detail: saved[1]?.fileName });
  });

  it('a wrong PIN is refused with the failures counted; five lock the role until a time main gives', async () => {
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('technician');
    await staff.signIn('2468');
    await staff.signOut();
    expect(staff.role).toBeNull();

    staff.chooseRole('technician');
    expect(await staff.signIn('1111')).toBe(false);
    expect(staff.error?.code).toBe('wrong-pin');
    expect(staff.status?.roles.technician.failures).toBe(1);
    for (let i = 0; i < 4; i++) await staff.signIn('1111');
    expect(staff.error?.code).toBe('locked-out');
    expect(staff.error?.until).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(staff.status?.roles.technician.lockedUntil).toBe(staff.error?.until);

    // Locked: even the right PIN is refused until the lockout ends.
    expect(await staff.signIn('2468')).toBe(false);
    expect(staff.error?.code).toBe('locked-out');
    real.staff.advance(15 * 60_000 + 1);
    expect(await staff.signIn('2468')).toBe(true);
    expect(staff.role).toBe('technician');
    expect(staff.views).toEqual(TECHNICIAN_VIEWS);
  });

  it('the key off signs out in main and closes the menu, forgetting what it showed', async () => {
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('attendant');
    await staff.signIn('4321');
    await meters().load();
    expect(meters().meters).not.toBeNull();

    real.staff.staff.setKey(false);
    expect(staff.keyOn).toBe(false);
    expect(staff.role).toBeNull();
    expect(meters().meters).toBeNull();
    expect(staff.signInRole).toBeNull();
    // And main agrees: nobody is signed in.
    const status = await real.bridge.invoke('staff:status', {});
    expect(status.ok && status.value.session).toBeNull();
  });

  it('an attendant pays a handpay: main clears it and the table gets the new snapshot', async () => {
    const cabinet = useCabinetStore();
    real.insertNote(3);
    const staff = await start();
    await cabinet.cashout();
    expect(cabinet.activeTilt?.kind).toBe('handpay-pending');
    expect(cabinet.handpayMinor).toBe(2_000);

    real.staff.staff.setKey(true);
    staff.chooseRole('attendant');
    await staff.signIn('4321');
    expect(await useStaffActions().clearHandpay()).toBe(true);
    expect(staff.done?.key).toBe('handpay-cleared');
    expect(cabinet.activeTilt).toBeNull();
  });

  it('a technician RAM clear is sent with its confirmation and main resets the meters', async () => {
    real.insertNote(3);
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('technician');
    await staff.signIn('2468');
    await meters().load();
    expect(meters().meters?.billsInMinor).toBe(2_000);
    // With the player's 20.00 still on the meter main refuses, naming the money; paid out, it clears.
    expect(await journal().ramClear()).toBe(false);
    expect(staff.error).toMatchObject({
      code: 'not-permitted',
      reason: { code: 'money-on-cabinet', creditsMinor: 2_000 },
    });
    real.cabinet.cashOut();
    real.cabinet.clearHandpay('attendant');
    expect(await journal().ramClear()).toBe(true);
    await meters().load();
    expect(meters().meters?.billsInMinor).toBe(0);
  });

  it('before a RAM clear a technician saves the whole recall and event log as the files main builds', async () => {
    real.insertNote(3);
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('technician');
    await staff.signIn('2468');
    const saved: Array<{ fileName: string; text: string; contentType: string }> = [];
    const save = (fileName: string, text: string, contentType: string): void =>
      void saved.push({ fileName, text, contentType });
    expect(await journal().exportJournal('recall', save)).toBe(true);
    expect(await journal().exportJournal('events', save)).toBe(true);
    expect(await journal().exportJournal('events-csv', save)).toBe(true);
    expect(saved.map((f) => f.contentType)).toEqual(['application/json', 'application/json', 'text/csv']);
    const recall = JSON.parse(saved[0]!.text) as { header: { format: string; counts: { rounds: number } } };
    expect(recall.header).toMatchObject({ format: 'baccarat-kiosk.game-recall', counts: { rounds: 0 } });
    const log = JSON.parse(saved[1]!.text) as { header: { counts: { events: number } }; events: unknown[] };
    expect(log.events.length).toBe(log.header.counts.events);
    expect(log.events.length).toBeGreaterThan(0);
    expect(saved[2]!.text.split('\r\n')[0]).toBe('format,baccarat-kiosk.event-log');
    expect(staff.done).toEqual({ key: 'exported', detail: saved[2]!.fileName });
  });

  it('a technician saves the archived rounds and events too, as the files main builds from the archive', async () => {
    real.staff.staff.setKey(true);
    const staff = await start();
    staff.chooseRole('technician');
    await staff.signIn('2468');
    const saved: string[] = [];
    expect(await journal().exportJournal('archive-rounds', (name) => void saved.push(name))).toBe(true);
    expect(await journal().exportJournal('archive-events', (name) => void saved.push(name))).toBe(true);
    expect(saved[0]).toMatch(/^journal-archive-rounds-.*\.json$/);
    expect(saved[1]).toMatch(/^journal-archive-events-.*\.json$/);
  });
});

describe("the technician's roads reset", () => {
  it('empties the roads the table draws at once; an attendant has no such power', async () => {
    real.insertNote(3);
    for (let i = 0; i < 3; i++) {
      real.cabinet.placeChip('banker', 100);
      real.cabinet.deal();
    }
    real.staff.staff.setKey(true);
    const staff = await start();
    const cabinet = useCabinetStore();
    expect(cabinet.snapshot?.roads).toHaveLength(3);

    staff.chooseRole('attendant');
    await staff.signIn('4321');
    expect(await useStaffActions().resetRoads()).toBe(false);
    expect(staff.error?.code).toBe('wrong-role');
    expect(real.cabinet.snapshot().roads).toHaveLength(3);

    await staff.signOut();
    staff.chooseRole('technician');
    await staff.signIn('2468');
    expect(await useStaffActions().resetRoads()).toBe(true);
    expect(cabinet.snapshot?.roads).toEqual([]);
    expect(real.cabinet.snapshot().roads).toEqual([]);
  });
});
