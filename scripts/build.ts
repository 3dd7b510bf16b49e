/**
 * npm run build: the renderer with vite (into dist-renderer/), then the Electron main
 * process and the preload with esbuild (into dist-electron/).
 *  - main.js: ESM (package.json has "type": "module"; Electron ≥ 28 loads an ESM main).
 *  - preload.cjs: CommonJS, because a sandboxed preload cannot be an ES module.
 *  - dev-emulators.js: the embedded device emulators, loaded by main only when the app is
 *    not packaged (`npm start`); electron-builder.yml leaves it out of the package.
 * Native modules (serialport bindings) and electron stay external. The browser test host
 * and its test hooks are never bundled.
 *
 *   node scripts/build.ts [--skip-renderer]
 */
import { build as esbuild } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist-electron');
const skipRenderer = process.argv.includes('--skip-renderer');

async function buildRenderer(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
}

async function buildElectron(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node' as const,
    target: 'node22',
    sourcemap: false,
    minify: false,
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
  };
  const esm = {
    ...common,
    format: 'esm' as const,
    external: ['electron', 'serialport', '@serialport/*', '*.node'],
    // Bundled CommonJS dependencies may call require(); give them one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/main.ts')],
    outfile: path.join(outDir, 'main.js'),
    plugins: [
      {
        name: 'dev-emulators-external',
        setup(b) {
          b.onResolve({ filter: /\/dev-emulators\.ts$/ }, () => ({ path: './dev-emulators.js', external: true }));
        },
      },
    ],
  });
  await esbuild({
    ...esm,
    entryPoints: [path.join(root, 'electron/emulators/dev-emulators.ts')],
    outfile: path.join(outDir, 'dev-emulators.js'),
  });
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/preload.ts')],
    outfile: path.join(outDir, 'preload.cjs'),
    format: 'cjs',
    platform: 'node',
    external: ['electron'],
  });
}

const started = Date.now();
if (!skipRenderer) await buildRenderer();
await buildElectron();
process.stdout.write(
  `build: done in ${Date.now() - started} ms (dist-renderer/, dist-electron/main.js, preload.cjs, dev-emulators.js)\n`,
);
