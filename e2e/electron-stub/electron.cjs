// A stand-in for the 'electron' module, for running the bundled main process (dist-electron/main.js)
// under plain Node in e2e/main-bundle.spec.ts where no Electron binary exists. Every call is printed
// as one JSON line {"stub": name, ...} on stdout, in order, so the spec can check the start-up order.
'use strict';
const record = (stub, detail = {}) => process.stdout.write(JSON.stringify({ stub, ...detail }) + '\n');
const noop = () => undefined;
let handlers = 0;
// Electron's main process lives until app.exit or app.quit, whatever its own event loop holds. Plain Node would
// exit as soon as the loop is empty: a packaged main with no device to wait on then ended by itself right after
// loading the page, and a SIGTERM sent at that moment met a process already tearing down (no handler, exit code
// null). This timer stands in for Electron's own loop.
const electronLoop = setInterval(noop, 1 << 30);

exports.app = {
  // STUB_IS_PACKAGED=1 runs main as a packaged kiosk would (no dev shell, the production preload).
  isPackaged: process.env.STUB_IS_PACKAGED === '1',
  commandLine: { appendSwitch: (name) => record('appendSwitch', { name }) },
  requestSingleInstanceLock: () => (record('requestSingleInstanceLock'), true),
  on: noop,
  exit: (code) => {
    record('exit', { code });
    clearInterval(electronLoop);
    process.exit(code);
  },
  whenReady: () => Promise.resolve(),
  getPath: () => process.env.STUB_USER_DATA ?? '/tmp',
};
exports.protocol = {
  registerSchemesAsPrivileged: (schemes) => record('registerSchemesAsPrivileged', { schemes }),
  handle: (scheme) => record('protocol.handle', { scheme }),
};
exports.dialog = { showErrorBox: (title, content) => record('dialog.showErrorBox', { title, content }) };
exports.powerSaveBlocker = { start: (type) => (record('powerSaveBlocker.start', { type }), 1) };
exports.session = {
  defaultSession: {
    setPermissionRequestHandler: () => record('setPermissionRequestHandler'),
    setPermissionCheckHandler: () => record('setPermissionCheckHandler'),
    setDevicePermissionHandler: noop,
    setDisplayMediaRequestHandler: noop,
    webRequest: { onBeforeRequest: () => record('webRequest.onBeforeRequest') },
  },
};
exports.Menu = { setApplicationMenu: (menu) => record('Menu.setApplicationMenu', { menu }) };
exports.ipcMain = {
  handle: (channel) => {
    handlers++;
    record('ipcMain.handle', { channel });
  },
  removeHandler: noop,
};
exports.BrowserWindow = class {
  constructor(options) {
    record('BrowserWindow', { options, handlers });
    this.webContents = { id: 1, isDestroyed: () => false, on: noop, send: noop, reload: noop };
  }
  removeMenu() {}
  once() {}
  on() {}
  focus() {}
  isDestroyed() {
    return false;
  }
  loadURL(url) {
    record('loadURL', { url, handlers });
    return Promise.resolve();
  }
};
