import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Records every open/fsync/rename so the test can see what reached the disk, in which order.
const calls: string[] = [];
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fdPaths = new Map<number, string>();
  return {
    ...fs,
    openSync: (file: string, flags: string) => {
      const fd = fs.openSync(file, flags);
      fdPaths.set(fd, file);
      return fd;
    },
    fsyncSync: (fd: number) => {
      calls.push(`fsync ${fdPaths.get(fd) ?? '?'}`);
      fs.fsyncSync(fd);
    },
    renameSync: (from: string, to: string) => {
      calls.push(`rename ${to}`);
      fs.renameSync(from, to);
    },
  };
});

const { fileStore, NoteTracker } = await import('./note-tracker.ts');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  calls.length = 0;
});

describe('note tracker file store (docs/cabinet-rules.md#power-loss: a bill being accepted is credited or returned)', () => {
  it('an escrow record is durable before the acceptor hears from us: file fsynced, renamed, then its folder fsynced', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'note-tracker-'));
    dirs.push(dir);
    const file = path.join(dir, 'state.json');
    const tracker = new NoteTracker(fileStore(file), 'acceptor-1');
    calls.length = 0;
    expect(tracker.escrow(3, 2_000)).toBe(true);
    expect(calls).toEqual([`fsync ${file}.tmp`, `rename ${file}`, `fsync ${dir}`]);
    // And the record reads back after a "restart".
    expect(new NoteTracker(fileStore(file), 'acceptor-1').state.note).toMatchObject({ channel: 3, stage: 'escrow' });
  });

  it('a damaged state file is refused in words naming the file, not with a bare JSON parser message', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'note-tracker-'));
    dirs.push(dir);
    const file = path.join(dir, 'state.json');
    writeFileSync(file, '{"version":1,"acceptorId":');
    expect(() => fileStore(file).load()).toThrow(`bill acceptor state file ${file} is not valid JSON`);
  });

  it('a lost state file restarts the numbering under a fresh epoch, so no new key repeats an already credited one', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'note-tracker-'));
    dirs.push(dir);
    const file = path.join(dir, 'state.json');
    const credited = new Set<string>();
    for (let life = 0; life < 3; life++) {
      rmSync(file, { force: true }); // the technician deletes a damaged file, or the disk lost it
      const tracker = new NoteTracker(fileStore(file), 'acceptor-1');
      for (let note = 0; note < 3; note++) {
        expect(tracker.escrow(2, 1_000)).toBe(true);
        const decision = tracker.credit(2);
        expect(decision.credit).toBe(true);
        if (!decision.credit) continue;
        expect(credited.has(decision.key)).toBe(false);
        credited.add(decision.key);
        tracker.acked();
      }
    }
    expect(credited.size).toBe(9);
  });
});
