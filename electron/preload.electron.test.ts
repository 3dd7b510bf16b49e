/**
 * The preload without an Electron binary: 'electron' is replaced by a recorder, so the test
 * sees exactly what reaches the page through contextBridge (fiddle: functions only, the
 * Electron event object stripped; VS Code: only known channels).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES as DEV_PRELOAD_CHANNELS } from './host/dev-preload-channels.ts';
import { SERVICE_CHANNEL_TABLE } from './ipc/dev-contract.ts';
import { TEST_CHANNEL_TABLE } from './host/test-channels.ts';
import { CHANNELS, EVENT_CHANNEL } from './ipc/contract.ts';

const exposed = new Map<string, unknown>();
const invoked: Array<[string, unknown]> = [];
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  // eslint-disable-next-line no-restricted-syntax -- this test's stand-in for electron's ipcRenderer
  ipcRenderer: {
    invoke: (channel: string, request: unknown) => {
      invoked.push([channel, request]);
      return Promise.resolve({ ok: true, value: channel });
    },
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      listeners.get(channel)?.delete(listener),
  },
}));

type Bridge = Record<string, unknown> & {
  invoke(channel: unknown, request: unknown): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
};
let bridge: Bridge;

beforeAll(async () => {
  await import('./preload.electron.ts');
  bridge = exposed.get('cabinet') as Bridge;
});

describe('preload bridge (window.cabinet)', () => {
  it('exposes exactly what the renderer calls, invoke and onEvent, under one key', () => {
    expect([...exposed.keys()]).toEqual(['cabinet']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onEvent']);
    for (const [name, value] of Object.entries(bridge)) expect(typeof value, name).toBe('function');
  });

  it('invoke dispatches every contract channel to ipcRenderer.invoke with the payload', async () => {
    for (const channel of CHANNELS) {
      invoked.length = 0;
      expect(await bridge.invoke(channel, { x: 1 })).toEqual({ ok: true, value: channel });
      expect(invoked).toEqual([[channel, { x: 1 }]]);
    }
  });

  it('invoke refuses unknown and dev-only channels without touching IPC', async () => {
    invoked.length = 0;
    const devOnly = [...Object.keys(SERVICE_CHANNEL_TABLE), ...Object.keys(TEST_CHANNEL_TABLE)];
    expect(devOnly.length).toBeGreaterThan(0);
    for (const channel of ['tech:shell', 'cabinet:event', '__proto__', 'toString', 42, null, ...devOnly]) {
      expect(await bridge.invoke(channel, {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
    expect(invoked).toEqual([]);
  });

  it('onEvent strips the Electron event object and can be unsubscribed', () => {
    const seen: unknown[] = [];
    const off = bridge.onEvent((event) => seen.push(event));
    const fakeElectronEvent = { sender: { send: () => undefined }, ports: [] };
    for (const l of listeners.get(EVENT_CHANNEL) ?? []) l(fakeElectronEvent, { type: 'tilt', tilts: [] });
    off();
    for (const l of listeners.get(EVENT_CHANNEL) ?? []) l(fakeElectronEvent, { type: 'tilt', tilts: [] });
    expect(seen).toEqual([{ type: 'tilt', tilts: [] }]);
  });

  it('the development preload allows the production channels plus the service panel, never the test controls', () => {
    expect(DEV_PRELOAD_CHANNELS).toEqual([...CHANNELS, ...Object.keys(SERVICE_CHANNEL_TABLE)]);
    for (const name of Object.keys(TEST_CHANNEL_TABLE)) expect(DEV_PRELOAD_CHANNELS).not.toContain(name);
  });
});
