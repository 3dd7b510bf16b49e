/**
 * The handlers of the `tech:journal-damage*` channels (docs/cabinet-rules.md#damaged-journal): the
 * technician's diagnostics of a journal found damaged at start-up, and a fresh export of what can
 * still be read from it. The RAM clear itself is `tech:ram-clear`.
 */
import { refusal, type ChannelHandlers } from '../channel-group.ts';
import type { ProductionTable } from '../contract.ts';
import type { RouterServices } from '../router-services.ts';

type JournalDamageChannels = Pick<
  ChannelHandlers<ProductionTable>,
  'tech:journal-damage' | 'tech:journal-damage:export'
>;

export function journalDamageHandlers(services: RouterServices): JournalDamageChannels {
  return {
    'tech:journal-damage': () => services.journalDamage?.view() ?? null,
    'tech:journal-damage:export': () => {
      const service = services.journalDamage;
      if (!service || service.view() === null) {
        throw refusal('not-permitted', 'no damaged journal is waiting for a RAM clear: there is nothing to export');
      }
      return service.exportReadable();
    },
  };
}
