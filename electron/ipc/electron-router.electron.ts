/**
 * The ONLY module that touches ipcMain (lint enforces it; fiddle's IpcMainManager).
 * It registers one handler per channel the router answers (the production table; in the
 * unpackaged dev path also the service panel's), checks that the sender is our kiosk
 * window's main frame on the app:// origin, then hands the untrusted payload to the
 * transport-neutral router, which measures its size before anything parses or validates it
 * (payload-size.ts: `payload-too-large`, the same limit behind the browser host's socket).
 * Cabinet events are pushed to the kiosk window only.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { EVENT_CHANNEL, type IpcResult } from './contract.ts';
import type { IpcRouter } from './router.ts';
import { checkSender, type SenderInfo, type TrustedWindow } from './sender-policy.ts';

export interface ElectronRouterOptions {
  /** The kiosk window's webContents, or null while there is none. */
  readonly kioskContents: () => WebContents | null;
  readonly origin: string;
  readonly log: (message: string) => void;
}

function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.isDestroyed() ? null : event.sender.id,
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame !== null && frame.parent === null,
  };
}

/** Registers the handlers; returns a function that removes them. */
export function attachElectronRouter(router: IpcRouter, options: ElectronRouterOptions): () => void {
  const trusted = (): TrustedWindow | null => {
    const contents = options.kioskContents();
    return contents && !contents.isDestroyed() ? { webContentsId: contents.id, origin: options.origin } : null;
  };

  const channels = [...router.channels];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, request: unknown): Promise<IpcResult<unknown>> => {
      const reason = checkSender(senderInfo(event), trusted());
      if (reason !== null) {
        options.log(`ipc: refused ${channel}: ${reason}`);
        return { ok: false, error: { code: 'forbidden', message: 'request refused: untrusted sender' } };
      }
      return router.handle(channel, request);
    });
  }

  const unsubscribe = router.subscribe((event) => {
    const contents = options.kioskContents();
    if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  });

  return () => {
    unsubscribe();
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}
