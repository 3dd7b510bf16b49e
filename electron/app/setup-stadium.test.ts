/** The stadium link in the composition root (docs/stadium.md#joining-a-table): alone stays alone, flags refused before anything starts. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_VENUE_CONFIG } from '../core/config/venue-config.ts';
import { startNatsServer } from '../testing/nats-server.ts';
import { recordingPort } from '../testing/recording-stadium-port.ts';
import { until } from '../testing/until.ts';
import { setupStadium, stadiumCoreFor, stadiumSettingsFor } from './setup-stadium.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const dir = mkdtempSync(path.join(os.tmpdir(), 'setup-stadium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = { env: {}, log: () => undefined };

describe('setupStadium', () => {
  it('starts nothing for a cabinet with no stadium section and no flag: it plays alone', async () => {
    // A cabinet core with none of the stadium calls: it is never asked for them.
    expect(stadiumSettingsFor({ currency: {} }, {}, {})).toBeNull();
    const setup = setupStadium({}, null, quiet);
    expect(setup.settings).toBeNull();
    await setup.dispose();
  });

  it('joins the table the flags name, as the terminal id the core keeps, and stops with the cabinet', async () => {
    const server = await startNatsServer();
    const port = recordingPort();
    const core = { ...port, stadiumTerminalId: () => 'C7' };
    const settings = stadiumSettingsFor(
      { stadium: { resultTimeoutMs: 3000 } },
      { url: server.url, table: 'T9', tablePublicKey: KEY },
      {},
    );
    const setup = setupStadium(core, settings, quiet);
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
    expect(() => stadiumSettingsFor({ stadium: { resultTimeoutMs: 3000 } }, { table: 'T9' }, {})).toThrow(ConfigError);
    expect(() => stadiumCoreFor({})).toThrow(/cannot take part in a stadium/);
    expect(() => stadiumCoreFor({ ...recordingPort(), stadiumTerminalId: () => 'C.7' })).toThrow(
      /the terminal id "C.7" is not one subject token/,
    );
  });
});

const host = (args: string[]) =>
  spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, '..', 'host', 'browser-host.ts'), '--port', '0', ...args],
    {
      encoding: 'utf8',
      timeout: 20_000,
    },
  );

describe('the browser host with a bad stadium flag', () => {
  // Each flag's rule is stadium-flags.test.ts's; one here shows the host checks them before anything starts.
  it.each([
    [['--table-public-key', 'abc'], /^host: --table-public-key must be the table's 32-byte public key in base64/],
  ])('%o: one stderr line naming what is allowed, exit 2, no journal made', (args, line) => {
    const journal = path.join(dir, `journal-${args[0]}.sqlite`);
    const result = host(['--journal', journal, ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(line);
    expect(existsSync(journal)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('with a venue file and a flag that still misses the broker: one line naming where to give it, exit 2, no journal made', () => {
    const venue = path.join(os.tmpdir(), `setup-stadium-venue-${process.pid}.json`);
    writeFileSync(venue, JSON.stringify(DEFAULT_VENUE_CONFIG));
    const journal = path.join(dir, 'journal-missing.sqlite');
    try {
      const result = host(['--journal', journal, '--config', venue, '--table', 'T1']);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/stadium: a stadium terminal needs nats:.*--stadium URL, BACCARAT_STADIUM_URL/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(venue, { force: true });
    }
  });
});
