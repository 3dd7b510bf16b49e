/** The stadium link in the composition root (docs/stadium.md#joining-a-table): alone stays alone, flags refused before anything starts. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_VENUE_CONFIG, parseVenueConfig, type VenueConfig } from '../core/config/venue-config.ts';
import { startNatsServer } from '../testing/nats-server.ts';
import { recordingPort } from '../testing/recording-stadium-port.ts';
import { until } from '../testing/until.ts';
import { setupStadium, stadiumOverrideOf, stadiumTerminal } from './setup-stadium.ts';
import { loadConfig } from './venue-file.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const dir = mkdtempSync(path.join(os.tmpdir(), 'setup-stadium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = { env: {}, log: () => undefined };
const config = (stadium: VenueConfig['stadium']) => () => ({ ...DEFAULT_VENUE_CONFIG, stadium });

describe('setupStadium', () => {
  it('starts nothing for a cabinet whose config in force has no stadium section: it plays alone', async () => {
    const cabinet = { venueConfig: config(null), stadiumTerminalId: () => 'C7' };
    expect(stadiumTerminal(cabinet)).toBeNull();
    const setup = setupStadium(recordingPort(), null, quiet);
    expect(setup.settings).toBeNull();
    await setup.dispose();
  });

  it('joins the table of the config in force, as the terminal id the core keeps, and stops with the cabinet', async () => {
    const server = await startNatsServer();
    const port = recordingPort();
    const settings = { url: server.url, table: 'T9', tablePublicKey: KEY, resultTimeoutMs: 3000, closeMarginMs: 500 };
    const joined = stadiumTerminal({ venueConfig: config(settings), stadiumTerminalId: () => 'C7' });
    expect(joined).toEqual({ settings, terminal: 'C7' });
    const setup = setupStadium(port, joined, quiet);
    try {
      expect(setup.settings).toEqual(settings);
      await until(() => port.last()?.link === 'connected' && port.last()?.terminals === 1, 'connected, and present');
    } finally {
      await setup.dispose();
      await server.stop();
    }
  });

  it('refuses, as a bad venue config, a bad stadium variable or a terminal id that is no subject token', () => {
    expect(() => stadiumOverrideOf({}, { BACCARAT_STADIUM_TABLE: 'a b' })).toThrow(ConfigError);
    const settings = {
      url: 'nats://a:4222',
      table: 'T9',
      tablePublicKey: KEY,
      resultTimeoutMs: 3000,
      closeMarginMs: 0,
    };
    expect(() => stadiumTerminal({ venueConfig: config(settings), stadiumTerminalId: () => 'C.7' })).toThrow(
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

describe('a venue file with the stadium flags laid over it', () => {
  it('may carry only the durations: the flags give the rest, and the whole is checked once', () => {
    const venue = path.join(dir, '..', `setup-stadium-durations-${process.pid}.json`);
    writeFileSync(venue, JSON.stringify({ ...DEFAULT_VENUE_CONFIG, stadium: { resultTimeoutMs: 4000 } }));
    try {
      const flags = { url: 'nats://127.0.0.1:4222', table: 'T9', tablePublicKey: KEY };
      const loaded = loadConfig({ configFile: venue, env: {}, stadiumOverride: flags });
      expect(parseVenueConfig(loaded.input).stadium).toEqual({ ...flags, resultTimeoutMs: 4000, closeMarginMs: 1000 });
      expect(() => loadConfig({ configFile: venue, env: {}, stadiumOverride: { table: 'T9' } })).toThrow(ConfigError);
    } finally {
      rmSync(venue, { force: true });
    }
  });
});

describe('the browser host with a bad stadium flag', () => {
  // Each flag's rule is stadium-flags.test.ts's; one here shows the host checks them before anything starts.
  it.each([
    [
      ['--table-public-key', 'abc'],
      /^host: --table-public-key: tablePublicKey must be the base64 of the table’s raw 32-byte/,
    ],
  ])('%o: one stderr line naming what is allowed, exit 2, no journal made', (args, line) => {
    const journal = path.join(dir, `journal-${args[0]}.sqlite`);
    const result = host(['--journal', journal, ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(line);
    expect(existsSync(journal)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('with a venue file and a flag that still misses the broker: the field named with what it allows, exit 2, no journal made', () => {
    const venue = path.join(os.tmpdir(), `setup-stadium-venue-${process.pid}.json`);
    writeFileSync(venue, JSON.stringify(DEFAULT_VENUE_CONFIG));
    const journal = path.join(dir, 'journal-missing.sqlite');
    try {
      const result = host(['--journal', journal, '--config', venue, '--table', 'T1']);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/stadium\.url: url must be nats:\/\/host:port/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(venue, { force: true });
    }
  });
});
