import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { createSwitchInput, type SwitchInput } from './switch-input.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  vi.useRealTimers();
});

function tempFile(content: string | null): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'switch-input-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'value');
  if (content !== null) writeFileSync(file, content);
  return file;
}

function started(input: SwitchInput): SwitchInput {
  input.start();
  cleanups.push(() => input.stop());
  return input;
}

const nextChange = (input: SwitchInput): Promise<boolean> =>
  new Promise((resolve) => {
    const off = input.events.on('change', (value) => {
      off();
      resolve(value);
    });
  });
const nextStatus = (input: SwitchInput): Promise<DeviceStatus> =>
  new Promise((resolve) => {
    const off = input.events.on('status', (status) => {
      off();
      resolve(status);
    });
  });

describe('a switch input on a GPIO value file (docs/cabinet-rules.md#operator-menu-and-key-switch)', () => {
  it('reads the file at start and follows each change of a real file', async () => {
    const file = tempFile('0\n');
    const input = started(createSwitchInput({ name: 'key-switch', file }));
    expect(input.value()).toBe(false);
    expect(input.status()).toMatchObject({
      device: 'key-switch',
      health: 'healthy',
      detailCode: { code: 'switch-ready', switch: 'key-switch' },
    });
    const on = nextChange(input);
    writeFileSync(file, '1\n');
    expect(await on).toBe(true);
    const off = nextChange(input);
    writeFileSync(file, '0');
    expect(await off).toBe(false);
  });

  it('a missing file is a fault naming the file; the value is unknown until it reads again', async () => {
    const file = tempFile(null);
    const input = started(createSwitchInput({ name: 'door-switch', file }));
    expect(input.value()).toBeNull();
    expect(input.status().health).toBe('fault');
    expect(input.status().detail).toBe(`door switch input ${file} cannot be read (ENOENT)`);
    expect(input.status().detailCode).toEqual({
      code: 'switch-unreadable',
      switch: 'door-switch',
      file,
      osCode: 'ENOENT',
    });
    const healthy = nextStatus(input);
    const change = nextChange(input);
    writeFileSync(file, '1');
    expect((await healthy).health).toBe('healthy');
    expect(await change).toBe(true);
  });

  it('a value other than 0 or 1 is a fault', () => {
    const input = started(createSwitchInput({ name: 'key-switch', file: tempFile('maybe') }));
    expect(input.status()).toMatchObject({ health: 'fault' });
    expect(input.status().detail).toContain('holds "maybe", not 0 or 1');
    expect(input.status().detailCode).toMatchObject({ code: 'switch-bad-value', value: 'maybe' });
  });

  it('debounces: a value counts only once it held for the debounce time; a bounce back is ignored', () => {
    vi.useFakeTimers();
    let raw = '0';
    const input = started(
      createSwitchInput({ name: 'key-switch', file: '/gpio/value', read: () => raw, debounceMs: 30, pollMs: 10 }),
    );
    const changes: boolean[] = [];
    input.events.on('change', (v) => changes.push(v));
    raw = '1';
    vi.advanceTimersByTime(10); // seen once
    raw = '0';
    vi.advanceTimersByTime(50); // bounced back before it held
    expect(changes).toEqual([]);
    raw = '1';
    vi.advanceTimersByTime(60);
    expect(changes).toEqual([true]);
    expect(input.value()).toBe(true);
  });
});
