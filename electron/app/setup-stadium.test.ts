/** The stadium link in the composition root (docs/stadium.md#joining-a-table): alone stays alone, flags refused before anything starts. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../core/config/venue-config.ts';
import { startNatsServer } from '../testing/nats-server.ts';
import { recordingPort } from '../testing/recording-stadium-port.ts';
import { until } from '../testing/until.ts';
import { setupStadium } from './setup-stadium.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const dir = mkdtempSync(path.join(os.tmpdir(), 'setup-stadium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = { env: {}, log: () => undefined };

describe('setupStadium', () => {
  it('starts nothing for a cabinet with no stadium section and no flag: it plays alone', async () => {
    // A cabinet core with none of the stadium calls: it is never asked for them.
    const setup = setupStadium({}, { section: undefined, flags: {}, ...quiet });
    expect(setup.settings).toBeNull();
    await setup.dispose();
  });

  it('joins the table the flags name, as the terminal id the core keeps, and stops with the cabinet', async () => {
    const server = await startNatsServer();
    const port = recordingPort();
    const core = { ...port, stadiumTerminalId: () => 'C7' };
    const setup = setupStadium(core, {
      section: { resultTimeoutMs: 3000 },
      flags: { url: server.url, table: 'T9', tablePublicKey: KEY },
      ...quiet,
    });
    try {
      expect(setup.settings).toEqual({
        url: server.url,
        table: 'T9',
        tablePublicKey: KEY,
        resultTimeoutMs: 3000,
        closeMarginMs: 500,
      });
      await until(() => port.last()?.link === 'connected' && port.last()?.terminals === 1, 'connected, and present');
    } finally {
      await setup.dispose();
      await server.stop();
    }
  });

  it('refuses, as a bad venue config, a terminal that misses a field or a core that cannot be one', () => {
    expect(() => setupStadium({}, { section: { resultTimeoutMs: 3000 }, flags: { table: 'T9' }, ...quiet })).toThrow(
      ConfigError,
    );
    expect(() =>
      setupStadium(
        {},
        { section: undefined, flags: { url: 'nats://a:1', table: 'T9', tablePublicKey: KEY }, ...quiet },
      ),
    ).toThrow(/cannot take part in a stadium/);
  });
});

describe('the browser host with a bad stadium flag', () => {
  it.each([
    [['--stadium', 'http://broker:4222'], /^host: --stadium must be nats:\/\/HOST:PORT or tls:\/\/HOST:PORT/],
    [['--table', 'T 1'], /^host: --table must be 1 to 32 letters, digits, dashes or underscores, got "T 1"/],
    [['--table-public-key', 'abc'], /^host: --table-public-key must be the table's 32-byte public key in base64/],
  ])('%o: one stderr line naming what is allowed, exit 2, no journal made', (args, line) => {
    const journal = path.join(dir, `journal-${args[0]}.sqlite`);
    const result = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, '..', 'host', 'browser-host.ts'), '--port', '0', '--journal', journal, ...args],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(line);
    expect(existsSync(journal)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
