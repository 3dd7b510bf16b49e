/**
 * Packaging (npm run dist:check, ~3 s on the build that test:e2e just made): electron-builder's
 * dir target against a stub Electron; app.asar holds the app and no dev-only code (host, e2e,
 * emulators, test hooks, test runners); the packaged main and preload name no dev-only channel
 * and carry no test or chaos code; native modules unpacked; every fuse set.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

test('dist:check: the packaged app holds the kiosk and nothing dev-only, with the fuses set', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium-host', 'runs once, in the chromium-host project');
  test.slow();
  const root = path.resolve(import.meta.dirname, '..');
  // dist:check exits 1 when a check fails; its last stdout line still says which, so read it either way.
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/dist-check.ts'), '--no-build'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(run.stdout.trim(), run.stderr).not.toBe('');
  const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
    ok: boolean;
    problems: string[];
    fuses: Record<string, unknown>;
    nativeUnpacked: string[];
  };
  await testInfo.attach('dist-check', { body: JSON.stringify(summary, null, 2), contentType: 'application/json' });
  expect(summary.problems).toEqual([]);
  expect(summary.ok).toBe(true);
  expect(run.status).toBe(0);
  expect(summary.fuses).toMatchObject({
    runAsNode: false,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  });
  expect(summary.nativeUnpacked.some((f) => f.includes('linux-x64'))).toBe(true);
});
