/**
 * The service panel's handlers (SERVICE_CHANNEL_TABLE): a note inserted in the embedded
 * bill-acceptor emulator. Merged in by the browser host and by the unpackaged Electron dev
 * path only; where no emulator runs the channel answers `not-permitted`.
 */
import type { DeviceControls } from '../emulators/emulator-controls.ts';
import { channelGroup, refusal, type ChannelGroup } from '../ipc/channel-group.ts';
import { SERVICE_CHANNEL_TABLE } from '../ipc/dev-contract.ts';

export function serviceChannels(controls: DeviceControls): ChannelGroup {
  return channelGroup(SERVICE_CHANNEL_TABLE, {
    'service:insert-note': (request) => {
      const bill = controls.billAcceptor;
      if (!bill) throw refusal('not-permitted', 'no embedded bill acceptor emulator on this cabinet');
      return bill.insertNote(request.channel);
    },
  });
}
