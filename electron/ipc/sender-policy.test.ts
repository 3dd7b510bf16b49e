import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, checkSender } from './sender-policy.ts';

const TRUSTED = { webContentsId: 7, origin: APP_ORIGIN };
const ok = { webContentsId: 7, frameUrl: 'app://kiosk/index.html?x=1', isMainFrame: true };

describe('IPC sender validation: only our window, main frame, app://kiosk origin (Electron security checklist §17)', () => {
  it('accepts the kiosk window main frame on the app origin', () => {
    expect(checkSender(ok, TRUSTED)).toBeNull();
  });
  it.each([
    ['another webContents', { ...ok, webContentsId: 8 }],
    ['a destroyed webContents', { ...ok, webContentsId: null }],
    ['a subframe', { ...ok, isMainFrame: false }],
    ['a gone frame', { ...ok, frameUrl: null }],
    ['a file:// page', { ...ok, frameUrl: 'file:///opt/kiosk/index.html' }],
    ['a remote page', { ...ok, frameUrl: 'https://evil.example/' }],
    ['a look-alike host', { ...ok, frameUrl: 'app://kiosk.evil/index.html' }],
    ['another app host', { ...ok, frameUrl: 'app://other/index.html' }],
    ['about:blank', { ...ok, frameUrl: 'about:blank' }],
    ['a data: URL', { ...ok, frameUrl: 'data:text/html,<p>x' }],
    ['garbage', { ...ok, frameUrl: 'not a url' }],
  ])('rejects %s', (_name, sender) => {
    expect(checkSender(sender, TRUSTED)).toEqual(expect.any(String));
  });
  it('rejects everything while no window is open', () => {
    expect(checkSender(ok, null)).toBe('no kiosk window is open');
  });
});
