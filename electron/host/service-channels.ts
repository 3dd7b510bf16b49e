/**
 * The service panel's handlers (SERVICE_CHANNEL_TABLE): a note inserted in the embedded
 * bill-acceptor emulator, and the operator key and door switches turned as the hardware
 * inputs would turn them. Merged in by the browser host and by the unpackaged Electron dev
 * path only; where no emulator runs, a note answers `not-permitted`.
 */
import type { RunningCabinet } from '../app/running-cabinet.ts';
import { channelGroup, refusal, type ChannelGroup } from '../ipc/channel-group.ts';
import { SERVICE_CHANNEL_TABLE } from '../ipc/dev-contract.ts';

export function serviceChannels(running: Pick<RunningCabinet, 'controls' | 'inputs' | 'staff'>): ChannelGroup {
  const { controls, inputs, staff } = running;
  return channelGroup(SERVICE_CHANNEL_TABLE, {
    'service:insert-note': (request) => {
      const bill = controls.billAcceptor;
      if (!bill) throw refusal('not-permitted', 'no embedded bill acceptor emulator on this cabinet');
      return bill.insertNote(request.channel);
    },
    'service:toggle-input': (request) => {
      if (request.input === 'operator-key') inputs.setOperatorKey(!staff.keyOn());
      else inputs.setDoor(!staff.doorOpen());
      return { keyOn: staff.keyOn(), doorOpen: staff.doorOpen() };
    },
  });
}
