/**
 * Who may talk to the router over Electron IPC (VS Code's validatedIpcMain, fiddle's
 * IpcMainManager): only the main frame of our own kiosk window, showing a page from our
 * own custom protocol origin. Pure, so it is unit-tested without Electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'kiosk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface SenderInfo {
  /** webContents.id of the sender; null if it is gone. */
  readonly webContentsId: number | null;
  /** The sending frame's URL; null when the frame was destroyed or navigated away. */
  readonly frameUrl: string | null;
  /** The sending frame is the top-level frame of its webContents. */
  readonly isMainFrame: boolean;
}

export interface TrustedWindow {
  readonly webContentsId: number;
  readonly origin: string;
}

/** Returns null when the sender is trusted, else the reason it is not (for the log). */
export function checkSender(sender: SenderInfo, trusted: TrustedWindow | null): string | null {
  if (!trusted) return 'no kiosk window is open';
  if (sender.webContentsId === null || sender.webContentsId !== trusted.webContentsId) {
    return 'sender is not the kiosk window';
  }
  if (!sender.isMainFrame) return 'sender is a subframe, not the main frame';
  if (!sender.frameUrl) return 'sender frame is gone';
  let origin: string;
  try {
    const url = new URL(sender.frameUrl);
    // URL.origin is "null" for non-special schemes such as app://, so compare the parts.
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return 'sender frame URL is not a URL';
  }
  if (origin !== trusted.origin) return `sender origin ${origin} is not ${trusted.origin}`;
  return null;
}
