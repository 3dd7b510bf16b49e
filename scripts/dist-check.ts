/**
 * npm run dist:check — proves the packaging config without an Electron download:
 *  1. builds the app (scripts/build.ts) unless --no-build;
 *  2. makes a stub Electron folder (a tiny `electron` script carrying the fuse wire
 *     sentinel, so electron-builder really flips the fuses) and runs electron-builder's
 *     `dir` target against it with electronDist;
 *  3. lists app.asar and checks it holds the app (dist-electron/main.js, the preload,
 *     dist-renderer/index.html) and no dev-only code (electron/ sources, the browser host,
 *     e2e, emulators, test hooks, vitest/playwright), that native modules are unpacked,
 *     and that every fuse in electron-builder.yml is set in the packaged binary;
 *  4. reads the packaged main.js and preload.cjs: neither names a dev-only channel (the
 *     service and test tables, electron/ipc/dev-contract.ts and electron/host/test-channels.ts)
 *     nor carries test or chaos code, and the sandboxed preload carries no zod;
 *  5. reads every packaged renderer file (dist-renderer/): none carries the development entry's
 *     service panel, note insertion, URL overrides or a dev-only channel
 *     (docs/architecture.md#the-development-entry).
 * Prints one JSON line at the end; exit 0 when every check passes, 1 otherwise.
 *
 *   node scripts/dist-check.ts [--no-build] [--keep]
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = new Set(process.argv.slice(2));

/** @electron/fuses' sentinel; the wire follows it: version byte, length byte, one byte per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Fuse order in wire version 1 (@electron/fuses FuseV1Options). */
const FUSE_ORDER = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
const REQUIRED_FUSES: Record<string, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

/** Files electron-builder copies from an Electron dist folder; the binary is a stub. */
function makeStubElectron(dir: string): void {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  // Fuse wire v1 with 8 fuses, in Electron's shipped defaults ('1' = enabled, '0' = disabled).
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')]);
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\n# Stub Electron for dist:check; never run on a cabinet.\n# fuse wire: '),
    wire,
    Buffer.from('\necho "stub electron: not a real Electron build" >&2\nexit 1\n'),
  ]);
  writeFileSync(path.join(dir, 'electron'), script);
  chmodSync(path.join(dir, 'electron'), 0o755);
  for (const file of ['chrome-sandbox', 'chrome_crashpad_handler']) {
    writeFileSync(path.join(dir, file), '#!/bin/sh\nexit 1\n');
    chmodSync(path.join(dir, file), 0o755);
  }
  for (const file of [
    'LICENSE',
    'LICENSES.chromium.html',
    'icudtl.dat',
    'resources.pak',
    'v8_context_snapshot.bin',
    'libffmpeg.so',
  ]) {
    writeFileSync(path.join(dir, file), 'stub\n');
  }
  writeFileSync(path.join(dir, 'version'), readElectronVersion());
  mkdirSync(path.join(dir, 'locales'), { recursive: true });
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), 'stub\n');
}

function readElectronVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
  ).version;
}

function readFuses(binary: string): Record<string, boolean | 'removed' | 'unknown'> {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(FUSE_SENTINEL);
  if (at < 0) throw new Error(`no fuse wire in ${binary}`);
  const start = at + FUSE_SENTINEL.length;
  const length = bytes[start + 1] ?? 0;
  const result: Record<string, boolean | 'removed' | 'unknown'> = {};
  for (let i = 0; i < length && i < FUSE_ORDER.length; i++) {
    const state = bytes[start + 2 + i];
    result[FUSE_ORDER[i] as string] =
      state === 0x31 ? true : state === 0x30 ? false : state === 0x72 ? 'removed' : 'unknown';
  }
  return result;
}

/**
 * Names of test and chaos code that must never reach a packaged bundle: the browser host's
 * hooks, the journal's crash injection and critical-memory damage, the bill acceptor's test
 * priming, the embedded emulators, and anything from electron/testing/.
 */
const TEST_CODE_MARKERS = [
  'BACCARAT_TEST_PAUSE_AFTER_LOCK',
  'startEmbeddedBillAcceptorEmulator',
  // The browser host's WebSocket server (the `ws` package's server and its handshake). Not "ws://": the stadium's
  // NATS client names that scheme only to refuse WebSocket servers (docs/stadium.md#the-broker-seam).
  'WebSocketServer',
  'Sec-WebSocket-Accept',
  'killAtStatement',
  'armKill',
  'StatementObserver',
  'statement-killer',
  'chaos',
  'primeForTest',
  'CrashForTest',
  'corruptCriticalCopy',
  'ForcedCardSource',
  'forced-card-source',
  'electron/testing/',
];

/**
 * The development entry's names (renderer/src/dev/): the service panel, its note insertion and key/door
 * switches, and the URL overrides. A pattern, not a word, where production text shares the word: the player's
 * "insert a note to play" message is the locale key `insertNote`, so only a call or a named function counts.
 */
const DEV_RENDERER_MARKERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['TheServicePanel', /TheServicePanel/],
  ['service-panel', /service-panel/],
  ['service-insert-', /service-insert-/],
  ['attractAfterMs', /attractAfterMs/],
  ['inactivityAfterMs', /inactivityAfterMs/],
  ['?service=', /[`'"]service[`'"]\)?\s*={2,3}\s*[`'"]1[`'"]/],
  ['insertNote (the function)', /(?<!errors\.)insertNote(?!:\s*[`'"])/],
  ['toggleInput', /toggleInput/],
];

/** Every dev-only channel name, read from the dev tables themselves (so a new one is checked too). */
async function devOnlyChannelNames(): Promise<string[]> {
  const { SERVICE_CHANNEL_TABLE } = await import('../electron/ipc/dev-contract.ts');
  const { TEST_CHANNEL_TABLE } = await import('../electron/host/test-channels.ts');
  const names = [...Object.keys(SERVICE_CHANNEL_TABLE), ...Object.keys(TEST_CHANNEL_TABLE)];
  if (names.length === 0) throw new Error('no dev-only channel names found: the dev tables moved?');
  return names;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!args.has('--no-build'))
    execFileSync(process.execPath, [path.join(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  for (const required of ['dist-electron/main.js', 'dist-electron/preload.cjs', 'dist-renderer/index.html']) {
    if (!existsSync(path.join(root, required))) throw new Error(`${required} is missing: run npm run build first`);
  }

  const work = mkdtempSync(path.join(os.tmpdir(), 'dist-check-'));
  const stub = path.join(work, 'electron-stub');
  const output = path.join(work, 'release');
  makeStubElectron(stub);

  const builder = require('electron-builder') as typeof import('electron-builder');
  await builder.build({
    projectDir: root,
    targets: builder.Platform.LINUX.createTarget('dir', builder.Arch.x64),
    config: {
      extends: path.join(root, 'electron-builder.yml'),
      electronDist: stub,
      electronVersion: readElectronVersion(),
      npmRebuild: false, // the stub has no headers to rebuild native modules against
      directories: { output, buildResources: path.join(root, 'build') },
    },
    publish: 'never',
  });

  const unpacked = path.join(output, 'linux-unpacked');
  const asarPath = path.join(unpacked, 'resources', 'app.asar');
  const asar = require('@electron/asar') as typeof import('@electron/asar');
  const files = asar.listPackage(asarPath, { isPack: false }).map((f) => f.replaceAll('\\', '/'));

  const problems: string[] = [];
  for (const needed of [
    '/dist-electron/main.js',
    // Main counts the paytable on this worker (electron/app/paytable-analysis.ts); Electron reads it from the asar.
    '/dist-electron/paytable-analysis-worker.js',
    '/dist-electron/preload.cjs',
    '/dist-renderer/index.html',
    '/package.json',
  ]) {
    if (!files.includes(needed)) problems.push(`missing from app.asar: ${needed}`);
  }
  const forbidden: Array<[RegExp, string]> = [
    [/^\/electron\//, 'TypeScript sources under electron/'],
    [/browser-host|\/host\//, 'the browser test host'],
    [/^\/e2e\//, 'e2e tests'],
    [/^\/dist-electron\/dev-/, 'the development emulator bundle'],
    [/^\/bench\//, 'benchmarks'],
    [/^\/scripts\//, 'build scripts'],
    [/^\/renderer\//, 'renderer sources'],
    [/^\/dist-renderer-dev\//, "the renderer's development entry"],
    [/emulator/i, 'device emulators'],
    [/\.test\.|\.spec\./, 'test files'],
    [
      /node_modules\/(vitest|@vitest|playwright|@playwright|playwright-core|fast-check|electron|vite|esbuild|typescript|@serialport\/binding-mock)\//,
      'dev-only packages',
    ],
    [/\.sqlite$/, 'a journal file'],
  ];
  for (const [pattern, what] of forbidden) {
    const hits = files.filter((f) => pattern.test(f));
    if (hits.length) problems.push(`app.asar contains ${what}: ${hits.slice(0, 3).join(', ')}`);
  }
  // Dev-only channels, test hooks and chaos/crash code must be compiled out of the packaged bundles.
  const bundles = {
    'dist-electron/main.js': asar.extractFile(asarPath, 'dist-electron/main.js').toString('utf8'),
    'dist-electron/preload.cjs': asar.extractFile(asarPath, 'dist-electron/preload.cjs').toString('utf8'),
  };
  const devChannels = await devOnlyChannelNames();
  for (const [bundle, text] of Object.entries(bundles)) {
    for (const name of [...devChannels, ...TEST_CODE_MARKERS]) {
      if (text.includes(name)) problems.push(`${bundle} contains the dev-only "${name}"`);
    }
  }
  const rendererFiles = files.filter((f) => f.startsWith('/dist-renderer/') && /\.(js|html|css)$/.test(f));
  for (const file of rendererFiles) {
    const text = asar.extractFile(asarPath, file.slice(1)).toString('utf8');
    for (const name of devChannels) if (text.includes(name)) problems.push(`${file} contains the dev-only "${name}"`);
    for (const [name, pattern] of DEV_RENDERER_MARKERS) {
      if (pattern.test(text)) problems.push(`${file} contains the development entry's ${name}`);
    }
  }
  if (/\bZodError\b|\bzod\b/.test(bundles['dist-electron/preload.cjs'])) {
    problems.push('dist-electron/preload.cjs contains zod (the sandboxed preload bundles names only)');
  }
  const nativeUnpacked = walk(path.join(unpacked, 'resources', 'app.asar.unpacked')).filter((f) => f.endsWith('.node'));
  const nativeInAsar = files.filter((f) => f.endsWith('.node'));
  if (nativeInAsar.length && !nativeUnpacked.length)
    problems.push('native .node modules are packed inside app.asar instead of unpacked');

  const binary = path.join(unpacked, 'baccarat-kiosk');
  const fuses = readFuses(binary);
  for (const [name, expected] of Object.entries(REQUIRED_FUSES)) {
    if (fuses[name] !== expected) problems.push(`fuse ${name} is ${String(fuses[name])}, expected ${expected}`);
  }

  const summary = {
    ok: problems.length === 0,
    problems,
    bundlesChecked: Object.keys(bundles),
    devOnlyNamesChecked: [...devChannels, ...TEST_CODE_MARKERS],
    rendererFilesChecked: rendererFiles.length,
    devRendererNamesChecked: [...devChannels, ...DEV_RENDERER_MARKERS.map(([name]) => name)],
    asarFiles: files.length,
    rendererFiles: files.filter((f) => f.startsWith('/dist-renderer/')).length,
    nativeUnpacked: nativeUnpacked.map((f) => path.relative(unpacked, f)),
    fuses,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    output: args.has('--keep') ? unpacked : null,
  };
  if (!args.has('--keep')) rmSync(work, { recursive: true, force: true });
  for (const problem of problems) process.stderr.write(`dist:check: ${problem}\n`);
  process.stdout.write(JSON.stringify(summary) + '\n');
  return problems.length === 0 ? 0 : 1;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  process.stderr.write(`dist:check: ${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 2;
}
// Exit explicitly: with process.exitCode alone the script exited 0 even when a check failed.
process.exit(exitCode);
