/**
 * The Electron adapter with 'electron' replaced by a recorder: every channel the router
 * answers gets a handler, a request from anything but the kiosk window's main frame on app://kiosk is refused
 * before the router sees it, and pushes go to the kiosk window only.
 */
import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENT_CHANNEL } from './contract.ts';
import type { IpcRouter } from './router.ts';
import { APP_ORIGIN } from './sender-policy.ts';

type Handler = (event: unknown, request: unknown) => Promise<unknown>;
const handlers = new Map<string, Handler>();
vi.mock('electron', () => ({
  // eslint-disable-next-line no-restricted-syntax -- this test's stand-in for electron's ipcMain
  ipcMain: {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

const { attachElectronRouter } = await import('./electron-router.electron.ts');

function contents(id: number) {
  const sent: unknown[] = [];
  return { id, sent, isDestroyed: () => false, send: (_c: string, e: unknown) => sent.push([_c, e]) };
}
function event(sender: ReturnType<typeof contents>, url: string | null, mainFrame = true) {
  return { sender, senderFrame: url === null ? null : { url, parent: mainFrame ? null : {} } };
}

function setup() {
  const calls: Array<[unknown, unknown]> = [];
  let push: ((e: never) => void) | null = null;
  const router: IpcRouter = {
    channels: [...CHANNELS, 'service:insert-note'],
    handle: async (channel, request) => {
      calls.push([channel, request]);
      return { ok: true, value: 'routed' };
    },
    subscribe: (listener) => {
      push = listener as never;
      return () => (push = null);
    },
  };
  const kiosk = contents(1);
  const logs: string[] = [];
  const detach = attachElectronRouter(router, {
    kioskContents: () => kiosk as never,
    origin: APP_ORIGIN,
    log: (m) => logs.push(m),
  });
  return { calls, kiosk, logs, detach, push: (e: unknown) => push?.(e as never) };
}

describe('electron-router: the only ipcMain user', () => {
  it("registers exactly the router's channels and removes them on detach", () => {
    const { detach } = setup();
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS, 'service:insert-note'].sort());
    detach();
    expect(handlers.size).toBe(0);
  });

  it('routes requests from the kiosk main frame on app://kiosk', async () => {
    const { calls, kiosk, detach } = setup();
    const answer = await handlers.get('bets:place')!(event(kiosk, 'app://kiosk/index.html'), {
      spot: 'player',
      chipMinor: 100,
    });
    expect(answer).toEqual({ ok: true, value: 'routed' });
    expect(calls).toEqual([['bets:place', { spot: 'player', chipMinor: 100 }]]);
    detach();
  });

  it.each([
    ['another window', (_k: ReturnType<typeof contents>) => event(contents(2), 'app://kiosk/index.html')],
    ['a subframe', (k: ReturnType<typeof contents>) => event(k, 'app://kiosk/frame.html', false)],
    ['a remote page', (k: ReturnType<typeof contents>) => event(k, 'https://evil.example/')],
    ['a file:// page', (k: ReturnType<typeof contents>) => event(k, 'file:///tmp/x.html')],
    ['a destroyed frame', (k: ReturnType<typeof contents>) => event(k, null)],
  ])('refuses %s before the router sees it', async (_name, make) => {
    const { calls, kiosk, logs, detach } = setup();
    const answer = await handlers.get('round:deal')!(make(kiosk), {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
    expect(logs.join('\n')).toMatch(/refused round:deal/);
    detach();
  });

  it('pushes cabinet events to the kiosk window on the event channel', () => {
    const { kiosk, push, detach } = setup();
    push({ type: 'tilt', tilts: [] });
    expect(kiosk.sent).toEqual([[EVENT_CHANNEL, { type: 'tilt', tilts: [] }]]);
    detach();
  });
});
