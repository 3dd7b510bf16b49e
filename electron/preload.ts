/**
 * Sandboxed preload (bundled to CommonJS): exposes `window.cabinet` with named
 * functions only — never ipcRenderer itself — and strips the Electron event object
 * from pushes. The same object satisfies CabinetBridge (invoke/onEvent), and invoke
 * dispatches only to the known channel list.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL_NAME, isChannel } from './ipc/channels.ts';
import type { Channel, IpcResult, PushEvent, RequestOf, ResponseMap } from './ipc/contract.ts';

type Invoker<C extends Channel> = (request: RequestOf<C>) => Promise<IpcResult<ResponseMap[C]>>;

function invoker<C extends Channel>(channel: C): Invoker<C> {
  return (request) => ipcRenderer.invoke(channel, request) as Promise<IpcResult<ResponseMap[C]>>;
}

const byChannel: { [C in Channel]: Invoker<C> } = {
  'cabinet:snapshot': invoker('cabinet:snapshot'),
  'bets:place': invoker('bets:place'),
  'bets:remove': invoker('bets:remove'),
  'bets:undo': invoker('bets:undo'),
  'bets:clear': invoker('bets:clear'),
  'round:deal': invoker('round:deal'),
  'round:rebet': invoker('round:rebet'),
  'cashout:collect': invoker('cashout:collect'),
  'paytable:get': invoker('paytable:get'),
  'history:list': invoker('history:list'),
  'tech:meters': invoker('tech:meters'),
  'tech:recall': invoker('tech:recall'),
  'tech:events': invoker('tech:events'),
  'tech:clear-handpay': invoker('tech:clear-handpay'),
  'tech:ram-clear': invoker('tech:ram-clear'),
  'tech:door': invoker('tech:door'),
  'service:insert-note': invoker('service:insert-note'),
};

const bridge = {
  snapshot: byChannel['cabinet:snapshot'],
  placeBet: byChannel['bets:place'],
  removeBet: byChannel['bets:remove'],
  undoBet: byChannel['bets:undo'],
  clearBets: byChannel['bets:clear'],
  deal: byChannel['round:deal'],
  rebet: byChannel['round:rebet'],
  cashOut: byChannel['cashout:collect'],
  paytable: byChannel['paytable:get'],
  history: byChannel['history:list'],
  techMeters: byChannel['tech:meters'],
  techRecall: byChannel['tech:recall'],
  techEvents: byChannel['tech:events'],
  techClearHandpay: byChannel['tech:clear-handpay'],
  techRamClear: byChannel['tech:ram-clear'],
  techDoor: byChannel['tech:door'],
  serviceInsertNote: byChannel['service:insert-note'],

  invoke(channel: unknown, request: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-channel', message: `unknown channel ${String(channel)}` },
      });
    }
    return (byChannel[channel] as (request: unknown) => Promise<IpcResult<unknown>>)(request);
  },

  onEvent(listener: (event: PushEvent) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
    const wrapped = (_event: IpcRendererEvent, payload: PushEvent): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL_NAME, wrapped);
    return () => void ipcRenderer.removeListener(EVENT_CHANNEL_NAME, wrapped);
  },
};

contextBridge.exposeInMainWorld('cabinet', bridge);
