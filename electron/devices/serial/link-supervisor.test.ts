import { existsSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinkSupervisor, backoffDelay, osErrorCode, type LinkReport } from './link-supervisor.ts';
import type { SerialLink, SerialLinkOpener } from './serial-link.ts';
import { until } from '../../testing/until.ts';

/** A port that can be plugged and unplugged; opening an unplugged port fails like ENOENT. */
function fakePort() {
  let plugged = false;
  let closeListener: ((info: { disconnected: boolean }) => void) | null = null;
  const state = { opens: 0, failures: 0 };
  const open: SerialLinkOpener = async (options) => {
    if (!plugged) {
      state.failures++;
      throw new Error(`cannot open serial port ${options.path}: ENOENT`);
    }
    state.opens++;
    const link: SerialLink = {
      path: options.path,
      write: async () => undefined,
      onData: () => () => undefined,
      onClose(listener) {
        closeListener = listener;
        return () => (closeListener = null);
      },
      close: async () => undefined,
    };
    return link;
  };
  return {
    open,
    state,
    plug: () => void (plugged = true),
    unplug() {
      plugged = false;
      closeListener?.({ disconnected: true });
    },
  };
}

describe('link supervisor: reconnect with backoff after an unplug', () => {
  it('grows the delay exponentially up to the cap', () => {
    const b = { initialMs: 100, maxMs: 1_000, factor: 2 };
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, b))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('reports disconnected with growing retry delays, then connected; an unplug starts over', async () => {
    const port = fakePort();
    const reports: LinkReport[] = [];
    const supervisor = new LinkSupervisor({
      open: port.open,
      link: { path: '/dev/fake', baudRate: 9600 },
      backoff: { initialMs: 5, maxMs: 40, factor: 2 },
    });
    supervisor.onReport((r) => reports.push(r));
    await supervisor.start();
    await until(() => port.state.failures >= 3, 'three failed attempts');
    port.plug();
    await until(() => reports.some((r) => r.state === 'connected'), 'connected');
    const delays = reports.filter((r) => r.state === 'disconnected').map((r) => (r as { retryInMs: number }).retryInMs);
    expect(delays.slice(0, 3)).toEqual([5, 10, 20]);
    // A port that would not open says so as a cause, with the OS error it gave.
    expect(reports[0]).toMatchObject({ state: 'disconnected', cause: 'open-failed', osCode: 'ENOENT' });
    expect(supervisor.current()).not.toBeNull();

    port.unplug();
    expect(supervisor.current()).toBeNull();
    const last = reports.at(-1)!;
    expect(last).toMatchObject({
      state: 'disconnected',
      reason: 'device unplugged',
      cause: 'device-unplugged',
      retryInMs: 5,
    });
    port.plug();
    await until(() => reports.at(-1)?.state === 'connected', 'reconnected');
    expect(port.state.opens).toBe(2);
    await supervisor.stop();
  });

  it('a failing handshake closes the link and retries; linkLost forces a reopen', async () => {
    const port = fakePort();
    port.plug();
    let handshakes = 0;
    const supervisor = new LinkSupervisor({
      open: port.open,
      link: { path: '/dev/fake', baudRate: 9600 },
      backoff: { initialMs: 5, maxMs: 10 },
      onConnected: () => {
        if (++handshakes < 3) throw new Error('no answer to SYNC');
      },
    });
    const reports: LinkReport[] = [];
    supervisor.onReport((r) => reports.push(r));
    await supervisor.start();
    await until(() => reports.some((r) => r.state === 'connected'), 'connected after retries');
    expect(reports.filter((r) => r.state === 'disconnected').map((r) => (r as { reason: string }).reason)).toEqual([
      'no answer to SYNC',
      'no answer to SYNC',
    ]);
    // The port opened; the device's set-up failed: not an open failure, and no OS error to name.
    expect(reports.filter((r) => r.state === 'disconnected')).toEqual([
      expect.not.objectContaining({ osCode: expect.anything() }),
      expect.not.objectContaining({ osCode: expect.anything() }),
    ]);
    expect(reports.filter((r) => r.state === 'disconnected').map((r) => 'cause' in r && r.cause)).toEqual([
      'handshake-failed',
      'handshake-failed',
    ]);
    supervisor.linkLost('the device stopped answering', 'stopped-answering');
    await until(() => port.state.opens === 4, 'reopened after linkLost');
    expect(reports).toContainEqual(expect.objectContaining({ state: 'disconnected', cause: 'stopped-answering' }));
    await supervisor.stop();
    expect(supervisor.current()).toBeNull();
  });

  it('a hung-up port that never closes is still an unplug: its path vanishing or pointing elsewhere reopens it', async () => {
    // socat killed: serialport does not always emit 'close'; the link path disappears, or a new socat
    // points the same link at another pty. The fake port here never reports a close by itself.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'link-watch-'));
    try {
      const devA = path.join(dir, 'pts-1');
      const devB = path.join(dir, 'pts-2');
      writeFileSync(devA, '');
      writeFileSync(devB, '');
      const portPath = path.join(dir, 'B');
      symlinkSync(devA, portPath);
      const port = fakePort();
      port.plug();
      // Like a real pty, a path that does not resolve cannot be opened.
      const open: SerialLinkOpener = async (options) => {
        if (!existsSync(options.path)) throw new Error(`cannot open serial port ${options.path}: ENOENT`);
        return port.open(options);
      };
      const supervisor = new LinkSupervisor({
        open,
        link: { path: portPath, baudRate: 9600 },
        backoff: { initialMs: 5, maxMs: 10 },
      });
      const reports: LinkReport[] = [];
      supervisor.onReport((r) => reports.push(r));
      await supervisor.start();
      expect(port.state.opens).toBe(1);
      rmSync(portPath);
      await until(() => reports.some((r) => r.state === 'disconnected'), 'the vanished path noticed');
      expect((reports.find((r) => r.state === 'disconnected') as { reason: string }).reason).toMatch(/vanished/);
      expect(reports.find((r) => r.state === 'disconnected')).toMatchObject({ cause: 'device-unplugged' });
      symlinkSync(devA, portPath);
      await until(() => port.state.opens === 2, 'reopened once the path is back');
      // A new socat on the same link name, swapped in at once (rename over the old link).
      symlinkSync(devB, `${portPath}.new`);
      renameSync(`${portPath}.new`, portPath);
      await until(() => port.state.opens === 3, 'reopened after the path moved to another device');
      expect(reports.some((r) => r.state === 'disconnected' && /replaced/.test(r.reason))).toBe(true);
      await supervisor.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the OS error of a failed open: from the error code, the C library message or the errno name', () => {
    const enoent = Object.assign(new Error('open failed'), { code: 'ENOENT' });
    expect(osErrorCode(enoent)).toBe('ENOENT');
    expect(osErrorCode(new Error('Error: Permission denied, cannot open /dev/ttyUSB0'))).toBe('EACCES');
    expect(osErrorCode(new Error('Error setting custom baud rate: Inappropriate ioctl for device'))).toBe('ENOTTY');
    expect(osErrorCode(new Error('cannot open /dev/ttyS0: EBUSY'))).toBe('EBUSY');
    expect(osErrorCode(new Error('the device said no'))).toBeUndefined();
  });
});
