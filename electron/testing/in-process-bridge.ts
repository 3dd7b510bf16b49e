/**
 * The real cabinet behind a CabinetBridge, in one process, for renderer tests: openCabinet on a temporary
 * journal with a seeded random source, the real IPC router in front of it, and answers and push events
 * copied with structuredClone as they would be across Electron's IPC. Nothing here decides an outcome, a
 * balance or a limit: the renderer under test sees exactly what main would send it.
 *
 * Bills go in through the cabinet's own device port (`insertNote`, or `service:insert-note` through the
 * bridge), the way the bill-acceptor service credits a stacked note.
 */
import { paytableFor } from '../app/paytable.ts';
import type { Cabinet } from '../core/cabinet/cabinet-api.ts';
import type { VenueConfig } from '../core/config/venue-config.ts';
import { SeededRandomSource } from '../core/random/seeded-random-source.ts';
import type { CabinetBridge, Channel, IpcResult, PushEvent, RequestOf, ResponseMap } from '../ipc/contract.ts';
import { channelGroup } from '../ipc/channel-group.ts';
import { SERVICE_CHANNEL_TABLE } from '../ipc/dev-contract.ts';
import { createIpcRouter } from '../ipc/router.ts';
import { openCabinet } from '../storage/open-cabinet.ts';
import { steppingClock, tempJournalPath, testConfig } from './fixtures.ts';
import { testStaff, type TestStaff } from './memory-staff.ts';
import type { StaffRole } from '../core/staff/staff-status.ts';

export interface InProcessBridgeOptions {
  /** Seed of the deal's random source (default 1); the same seed deals the same cards. */
  readonly seed?: number;
  /** Venue config overrides on top of the built-in default. */
  readonly config?: Partial<VenueConfig>;
  /**
   * PINs provisioned before the test (no sign-in sets one): by default technician 2468, attendant 4321;
   * `{}` for a cabinet with none.
   */
  readonly pins?: Partial<Record<StaffRole, string>>;
}

/** The PINs an in-process cabinet is provisioned with unless a test says otherwise. */
export const TEST_PINS: Readonly<Record<StaffRole, string>> = { technician: '2468', attendant: '4321' };

export interface InProcessCabinet {
  readonly bridge: CabinetBridge;
  /** The cabinet itself, for what happens on the hardware side (a fault, the door). */
  readonly cabinet: Cabinet;
  /** Stacks a note on a bill channel of the venue config, as the bill acceptor would. */
  insertNote(channel: number): { accepted: boolean; detail: string };
  /**
   * Main's staff access behind the router: the key and door switches as the hardware inputs set them
   * (`staff.staff.setKey(true)`), and its clock (`advance`, for lockouts and idle sign-out).
   */
  readonly staff: TestStaff;
  /** Closes the journal and deletes it. */
  close(): void;
}

export function createInProcessBridge(options: InProcessBridgeOptions = {}): InProcessCabinet {
  const journal = tempJournalPath('renderer-test-');
  const config = testConfig(options.config);
  const cabinet = openCabinet({
    journalPath: journal.path,
    config,
    random: new SeededRandomSource(options.seed ?? 1),
    clock: steppingClock(),
  });
  let notes = 0;
  const insertNote = (channel: number): { accepted: boolean; detail: string } => {
    const bill = config.billChannels.find((b) => b.channel === channel && b.enabled);
    if (!bill) return { accepted: false, detail: `channel ${channel} is not an enabled bill channel` };
    const escrow = cabinet.canAcceptBill(bill.valueMinor);
    if (!escrow.accept) return { accepted: false, detail: escrow.reason };
    cabinet.creditBill({ valueMinor: bill.valueMinor, channel, eventKey: `in-process-note-${++notes}` });
    return { accepted: true, detail: `note of ${bill.valueMinor} minor units stacked` };
  };
  const staffAccess = testStaff({ pins: options.pins ?? TEST_PINS });
  const { staff } = staffAccess;
  const router = createIpcRouter(cabinet, { staff, paytable: paytableFor }, [
    channelGroup(SERVICE_CHANNEL_TABLE, {
      'service:insert-note': (request) => insertNote(request.channel),
      'service:toggle-input': (request) => {
        if (request.input === 'operator-key') staff.setKey(!staff.keyOn());
        else {
          cabinet.setDoorOpen(!staff.doorOpen());
          staff.setDoor(!staff.doorOpen());
        }
        return { keyOn: staff.keyOn(), doorOpen: staff.doorOpen() };
      },
    }),
  ]);

  const bridge: CabinetBridge = {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseMap[C]>> {
      const result = await router.handle(channel, structuredClone(request));
      return structuredClone(result) as IpcResult<ResponseMap[C]>;
    },
    onEvent(listener: (event: PushEvent) => void): () => void {
      return router.subscribe((event) => listener(structuredClone(event)));
    },
  };

  return {
    bridge,
    cabinet,
    insertNote,
    staff: staffAccess,
    close() {
      cabinet.close();
      journal.cleanup();
    },
  };
}
