/** `npm run host -- --config FILE`: a bad venue file stops start-up with exit code 2 and one stderr line per bad field. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function host(file: string, body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'host-config-'));
  dirs.push(dir);
  const config = path.join(dir, file);
  writeFileSync(config, body);
  const journal = path.join(dir, 'journal.sqlite');
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, 'browser-host.ts'), '--port', '0', '--journal', journal, '--config', config],
    { encoding: 'utf8', timeout: 30_000 },
  );
  return { ...result, config, lines: result.stderr.trimEnd().split('\n') };
}

describe('browser host --config', () => {
  it('a file with three bad fields: exit 2, exactly one stderr line per field, naming it and what is allowed', () => {
    const bad = {
      ...DEFAULT_VENUE_CONFIG,
      profile: { ...DEFAULT_VENUE_CONFIG.profile, tiePays: 7 },
      attractIdleS: 5,
      defaultLanguage: 'fr',
    };
    const r = host('venue.json', JSON.stringify(bad));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.lines).toHaveLength(3);
    expect(r.lines[0]).toBe(
      `host: venue config ${r.config}: profile.tiePays: tiePays must be 8 or 9 (Tie pays 8:1 or 9:1)`,
    );
    expect(r.lines[1]).toBe(`host: venue config ${r.config}: attractIdleS: attractIdleS must be at least 10 seconds`);
    expect(r.lines[2]).toMatch(/defaultLanguage: defaultLanguage must be one of en, sv, de, fi, nl, cs$/);
  });

  it('a file that is not JSON: exit 2 with one line, never a stack trace', () => {
    const r = host('venue.json', '{"profile": ');
    expect(r.status).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^host: venue config .*venue\.json: \(file\): not valid JSON/);
  });
});
