/**
 * The kiosk's systemd unit, its description in docs/cabinet-rules.md ("Exit codes and the systemd unit") and
 * the exit codes the code defines (crash-policy.ts) say the same thing: what is restarted, how soon, and when
 * systemd gives up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIOSK_EXIT_CODES } from './crash-policy.ts';

const root = path.join(import.meta.dirname, '..', '..');
const COMPARED = ['Restart', 'RestartSec', 'RestartPreventExitStatus', 'StartLimitIntervalSec', 'StartLimitBurst'];

/** `section.key` → value, for the keys a unit file or an ini block sets (comments and blank lines skipped). */
function unitKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (line.includes('=')) {
      const at = line.indexOf('=');
      keys.set(`${section}.${line.slice(0, at).trim()}`, line.slice(at + 1).trim());
    }
  }
  return keys;
}

function compared(keys: Map<string, string>): Record<string, string> {
  return Object.fromEntries([...keys].filter(([key]) => COMPARED.includes(key.split('.')[1]!)));
}

const unit = unitKeys(readFileSync(path.join(root, 'build/linux/baccarat-kiosk.service'), 'utf8'));
const docs = readFileSync(path.join(root, 'docs/cabinet-rules.md'), 'utf8');
const paragraph = docs.slice(docs.indexOf('**Exit codes and the systemd unit.**'));
const block = unitKeys(/```ini\n([\s\S]*?)```/.exec(paragraph)?.[1] ?? '');
const prevented = (unit.get('Service.RestartPreventExitStatus') ?? '').split(/\s+/).filter(Boolean).map(Number);

describe('the systemd unit and docs/cabinet-rules.md', () => {
  it('set the same restart policy and start limits, each key in the same section', () => {
    expect(Object.keys(compared(block)).sort()).toEqual(
      [
        'Unit.StartLimitIntervalSec',
        'Unit.StartLimitBurst',
        'Service.Restart',
        'Service.RestartSec',
        'Service.RestartPreventExitStatus',
      ].sort(),
    );
    expect(compared(unit)).toEqual(compared(block));
  });

  it('put the start limit in [Unit], where systemd reads StartLimitIntervalSec', () => {
    for (const key of ['StartLimitIntervalSec', 'StartLimitBurst']) {
      expect(unit.has(`Unit.${key}`), key).toBe(true);
      expect(unit.has(`Service.${key}`), key).toBe(false);
    }
  });

  it('restart on failure, so every non-zero code not listed as prevented is restarted', () => {
    expect(unit.get('Service.Restart')).toBe('on-failure');
  });

  it.each(KIOSK_EXIT_CODES)(
    'handle exit code $code as crash-policy.ts says (restart: $restart)',
    ({ code, restart }) => {
      expect(prevented.includes(code)).toBe(!restart);
      const row = new RegExp(`^\\| ${code} \\|.*\\| ${restart ? 'restarted' : 'not restarted'}`, 'm');
      expect(paragraph, `docs table row for ${code}`).toMatch(row);
    },
  );

  it('the Electron main exits only with 0 or a code named in crash-policy.ts', () => {
    const main = readFileSync(path.join(root, 'electron/main.electron.ts'), 'utf8');
    const literals = [...main.matchAll(/\b(?:shutdown|exit)\((\d+)\)/g)].map((m) => Number(m[1]));
    expect(literals.length).toBeGreaterThan(0);
    expect(literals.filter((code) => code !== 0)).toEqual([]);
  });

  it('prevent restarts only for codes the code defines', () => {
    for (const code of prevented) expect(KIOSK_EXIT_CODES.map((c) => c.code)).toContain(code);
  });
});
