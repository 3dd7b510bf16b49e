/**
 * The one kiosk window: fullscreen, kiosk mode, no menu, locked-down webPreferences
 * (Electron security checklist: contextIsolation, sandbox, no nodeIntegration,
 * webSecurity, no devtools in production).
 */
import { BrowserWindow, Menu } from 'electron';

export interface KioskWindowOptions {
  readonly preloadPath: string;
  readonly url: string;
  readonly production: boolean;
}

export function createKioskWindow(options: KioskWindowOptions): BrowserWindow {
  Menu.setApplicationMenu(null);
  const window = new BrowserWindow({
    show: false,
    fullscreen: true,
    kiosk: true,
    frame: false,
    autoHideMenuBar: true,
    backgroundColor: '#0b3d2e',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: !options.production,
      safeDialogs: true,
    },
  });
  window.removeMenu();
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}
