/**
 * The restart's profiles (docs/benchmarks.md#restart-after-a-power-cut): a CPU profile of the host process
 * (`node --cpu-prof`) and a Chromium trace of the page's load, at one journal size, saved under bench/profiles/
 * (not committed). Open the .cpuprofile in Chrome DevTools (Performance) and the trace in chrome://tracing or
 * https://ui.perfetto.dev. The host runs bundled, as ui-restart.ts times it; `--host-sources` profiles its sources.
 *
 *   node bench/restart-profile.ts [--rounds 1000000] [--host-sources]
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { bundleHost } from '../scripts/bundle-host.ts';
import { cachedJournal, copyOf } from './journal-cache.ts';
import { tableInteractive } from './ui-figures.ts';
import { answersATouch } from './ui-restart.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 1_000_000;
const out = path.join(REPO, 'bench', 'profiles');
mkdirSync(out, { recursive: true });
const dir = mkdtempSync(path.join(os.tmpdir(), 'restart-profile-'));
const journal = copyOf(cachedJournal(rounds, (l) => process.stdout.write(`${l}\n`)).path, dir);
const cpuProfile = `host-start-${rounds}.cpuprofile`;

const started = performance.now();
const host = spawn(
  process.execPath,
  [
    '--cpu-prof',
    `--cpu-prof-dir=${out}`,
    `--cpu-prof-name=${cpuProfile}`,
    ...(process.argv.includes('--host-sources')
      ? [path.join(REPO, 'electron/host/browser-host.ts')]
      : [await bundleHost(), '--renderer', path.join(REPO, 'dist-renderer-dev')]),
    '--port',
    '0',
    '--journal',
    journal,
  ],
  { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let text = '';
  host.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    const line = text.split('\n').find((l) => l.startsWith('{"url"'));
    if (line) resolve((JSON.parse(line) as { url: string }).url);
  });
  host.once('exit', () => reject(new Error('the host exited before it was ready')));
});
const hostReady = performance.now();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
await browser.startTracing(page, { path: path.join(out, `page-load-${rounds}.trace.json`), screenshots: true });
const pageStart = performance.now();
await page.goto(url);
await tableInteractive(page);
await answersATouch(page);
const done = performance.now();
await browser.stopTracing();
await browser.close();
await new Promise((resolve) => {
  host.once('exit', resolve);
  host.kill('SIGTERM');
});
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `rounds ${rounds}: host ready ${(hostReady - started).toFixed(0)} ms, page to a touch answered ${(done - pageStart).toFixed(0)} ms\n` +
    `saved ${path.join('bench/profiles', cpuProfile)} and ${path.join('bench/profiles', `page-load-${rounds}.trace.json`)}\n`,
);
