/**
 * The player's table, main side: the snapshot, the chips, the deal and rebet, the cash-out, the paytable and
 * the player's own history. Each handler hands the request to the cabinet, which decides and journals; the
 * router has already checked the payload against the channel table.
 */
import type { Cabinet } from '../../core/cabinet/cabinet-api.ts';
import type { ChannelHandlers } from '../channel-group.ts';
import type { ProductionTable } from '../contract.ts';
import type { RouterServices } from '../router-services.ts';

type TableChannels = Pick<
  ChannelHandlers<ProductionTable>,
  | 'cabinet:snapshot'
  | 'bets:place'
  | 'bets:remove'
  | 'bets:undo'
  | 'bets:clear'
  | 'round:deal'
  | 'round:rebet'
  | 'round:skip'
  | 'cashout:collect'
  | 'session:reality-check'
  | 'paytable:get'
  | 'history:list'
>;

export function tableHandlers(cabinet: Cabinet, services: RouterServices): TableChannels {
  return {
    'cabinet:snapshot': () => cabinet.snapshot(),
    'bets:place': (r) => cabinet.placeChip(r.spot, r.chipMinor),
    'bets:remove': (r) => cabinet.removeChip(r.spot, r.chipMinor),
    'bets:undo': () => cabinet.undoChip(),
    'bets:clear': () => cabinet.clearBets(),
    'round:deal': () => cabinet.deal(),
    'round:rebet': (r) => cabinet.rebet(r.multiplier),
    'round:skip': (r) => cabinet.skipRound(r.skip),
    'cashout:collect': () => cabinet.cashOut(),
    'session:reality-check': (r) => cabinet.answerRealityCheck(r.answer),
    'paytable:get': () => services.paytable(cabinet.snapshot()),
    'history:list': (r) => cabinet.playerHistory(r),
  };
}
