/**
 * End-to-end tests. Two projects run the same specs:
 *  - chromium-host: the system Chromium against the browser test host (npm run host), one
 *    host per worker on a random port, reset to a fresh temporary journal for each test (e2e/fixtures.ts);
 *  - electron: the real Electron shell through Playwright's _electron.launch, skipped with a
 *    clear reason where no Electron binary is installed (its download needs GitHub).
 * `npm run test:e2e` builds first. Never run `npx playwright install`: the browser is
 * /usr/bin/chromium (apt-get install -y chromium).
 */
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Pictures compared with their committed baselines (docs/testing.md#pictures): frozen for the shot, and a
    // tolerance of anti-aliasing noise only, far under one changed letter of player text.
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      threshold: 0.2,
      maxDiffPixels: 20,
      stylePath: path.join(import.meta.dirname, 'e2e', 'pictures.css'),
    },
  },
  // One folder of baselines, named by screen, language and size; `npm run pictures:update` writes them.
  snapshotPathTemplate: '{testDir}/pictures/{arg}{ext}',
  // Both cores (docs/testing.md#both-cores): each worker has its own host, journal, ports and pseudo-terminals, so
  // tests never share state, and single tests are spread over the workers, not whole files.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['./e2e/slowest-reporter.ts']],
  // The slowest files are listed by the slowest-tests reporter instead.
  reportSlowTests: null,
  use: {
    viewport: { width: 1920, height: 1080 },
    // The player's own reduced-motion setting: cards fade in where they lie and a round reveals at half the pace,
    // so a deal costs half the wait. The specs about motion itself (cards.spec.ts) ask for full motion
    // (docs/testing.md#waits-and-animations).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace for every test (its DOM snapshots and screencast) cost about a sixth of the stage's CPU,
    // to keep the traces of the few that fail; rerun a failing test with `--trace on` to get its trace
    // (docs/testing.md#traces).
    trace: 'off',
    actionTimeout: 10_000,
  },
  projects: [
    {
      name: 'chromium-host',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'electron',
      // Specs that need the host's test controls skip here; the shell itself is driven by _electron.launch.
      use: { browserName: 'chromium', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
      metadata: { shell: 'electron' },
    },
  ],
});
