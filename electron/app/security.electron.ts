/**
 * Electron's security checklist, applied to every webContents and the default session:
 * no new windows, no navigation away, no webviews, every permission denied, and no
 * request leaves the app:// origin (no remote content).
 */
import { app, session, type WebContents } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from '../ipc/sender-policy.ts';

const ALLOWED_REQUEST_SCHEMES = new Set([`${APP_SCHEME}:`, 'data:', 'devtools:']);

function sameApp(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

export function hardenContents(contents: WebContents, log: (message: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    log(`security: denied new window for ${url.slice(0, 120)}`);
    return { action: 'deny' };
  });
  const denyNavigation = (event: { preventDefault(): void }, url: string): void => {
    // Reloads of our own page are fine; anything else is refused.
    if (sameApp(url)) return;
    event.preventDefault();
    log(`security: denied navigation to ${url.slice(0, 120)}`);
  };
  contents.on('will-navigate', denyNavigation);
  contents.on('will-redirect', denyNavigation);
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame || !sameApp(event.url)) {
      event.preventDefault();
      log(`security: denied frame navigation to ${event.url.slice(0, 120)}`);
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('security: denied a <webview>');
  });
}

export function hardenSession(log: (message: string) => void): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => {
    log(`security: denied permission ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  ses.webRequest.onBeforeRequest((details, callback) => {
    const scheme = details.url.slice(0, details.url.indexOf(':') + 1);
    const allowed = ALLOWED_REQUEST_SCHEMES.has(scheme);
    if (!allowed) log(`security: blocked remote request ${details.url.slice(0, 120)}`);
    callback({ cancel: !allowed });
  });
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, log));
}
