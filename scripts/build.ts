/**
 * npm run build: the renderer with vite (into dist-renderer/, and its development entry with the service panel
 * and the URL overrides into dist-renderer-dev/, never packaged), then the Electron main
 * process and the preload with esbuild (into dist-electron/).
 *  - main.js: ESM (package.json has "type": "module"; Electron ≥ 28 loads an ESM main).
 *  - preload.cjs: CommonJS, because a sandboxed preload cannot be an ES module; its
 *    allow-list is the production channel names, generated from the table (preload-allow-list.ts), no zod.
 *  - paytable-analysis-worker.js: the worker thread main counts the paytable's exact analysis on
 *    (electron/app/paytable-analysis.ts looks for it beside the bundle).
 *  - dev-shell.js, dev-emulators.js, dev-preload.cjs: the development pieces main loads
 *    only when the app is not packaged (`npm start`): the service panel's channel, the
 *    embedded device emulators, and a preload whose allow-list adds the service channel
 *    (generated from electron/host/dev-preload-channels.ts in place of channels.ts).
 *    electron-builder.yml leaves every dist-electron/dev-* file out of the package.
 * Native modules (serialport bindings) and electron stay external. The browser test host,
 * its test controls and electron/testing/ are never bundled (dist:check looks for them).
 *
 *   node scripts/build.ts [--skip-renderer]
 */
import { build as esbuild, type Plugin } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_COMMON, NODE_ESM } from './node-bundle.ts';
import { allowListPlugin } from './preload-allow-list.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist-electron');
const skipRenderer = process.argv.includes('--skip-renderer');

async function buildRenderer(): Promise<void> {
  const { build } = await import('vite');
  const configFile = path.join(root, 'vite.config.ts');
  await build({ configFile, logLevel: 'warn', mode: 'production' });
  // The development entry (service panel, URL overrides) is built on its own, so not one of its chunks can reach
  // dist-renderer/, the folder the package takes (docs/architecture.md#the-development-entry).
  const devOut = path.join(root, 'dist-renderer-dev');
  await build({
    configFile,
    logLevel: 'warn',
    mode: 'production',
    build: { outDir: devOut, rollupOptions: { input: path.join(root, 'renderer/dev.html') } },
  });
  // Served as the page at / like the production one (the browser host and `npm start` ask for index.html).
  renameSync(path.join(devOut, 'dev.html'), path.join(devOut, 'index.html'));
}

async function buildElectron(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const common = NODE_COMMON;
  const esm = NODE_ESM;
  /** Keeps a module out of a bundle: the import is loaded from `file` beside it at run time. */
  const separate = (filter: RegExp, file: string): Plugin => ({
    name: `separate-${file}`,
    setup(b) {
      b.onResolve({ filter }, () => ({ path: `./${file}`, external: true }));
    },
  });
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/main.electron.ts')],
    outfile: path.join(outDir, 'main.js'),
    plugins: [separate(/\/dev-shell\.ts$/, 'dev-shell.js')],
  });
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/app/paytable-analysis-worker.ts')],
    outfile: path.join(outDir, 'paytable-analysis-worker.js'),
  });
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/host/dev-shell.ts')],
    outfile: path.join(outDir, 'dev-shell.js'),
    plugins: [separate(/\/dev-emulators\.ts$/, 'dev-emulators.js')],
  });
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/emulators/dev-emulators.ts')],
    outfile: path.join(outDir, 'dev-emulators.js'),
  });
  const preload = { ...common, format: 'cjs' as const, platform: 'node' as const, external: ['electron'] };
  const production = await import('../electron/ipc/channels.ts');
  const development = await import('../electron/host/dev-preload-channels.ts');
  await esbuild({
    ...preload,
    entryPoints: [path.join(root, 'electron/preload.electron.ts')],
    outfile: path.join(outDir, 'preload.cjs'),
    plugins: [allowListPlugin(production.CHANNEL_NAMES, production.EVENT_CHANNEL_NAME)],
  });
  await esbuild({
    ...preload,
    entryPoints: [path.join(root, 'electron/preload.electron.ts')],
    outfile: path.join(outDir, 'dev-preload.cjs'),
    plugins: [allowListPlugin(development.CHANNEL_NAMES, development.EVENT_CHANNEL_NAME)],
  });
}

const started = Date.now();
if (!skipRenderer) await buildRenderer();
await buildElectron();
process.stdout.write(
  `build: done in ${Date.now() - started} ms (dist-renderer/, dist-renderer-dev/, dist-electron/main.js, paytable-analysis-worker.js, preload.cjs, dev-shell.js, dev-emulators.js, dev-preload.cjs)\n`,
);
