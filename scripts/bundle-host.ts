/**
 * The browser test host bundled into one file, as the packaged kiosk's main is (scripts/build.ts), for the restart
 * bench (docs/benchmarks.md#restart-after-a-power-cut): from its TypeScript sources, Node loads and strips the types
 * of a few hundred modules at every start, which a packaged kiosk never does. Written to dist-host/, which nothing
 * packages (electron-builder.yml takes dist-electron/ and dist-renderer/ only); the e2e fixture keeps running the
 * sources. The paytable's worker is bundled beside it, where electron/app/paytable-analysis.ts looks for it.
 *
 *   node scripts/bundle-host.ts        prints the bundle's path
 */
import { build as esbuild } from 'esbuild';
import path from 'node:path';
import { NODE_ESM } from './node-bundle.ts';

const REPO = path.resolve(import.meta.dirname, '..');

/** Bundles this checkout's browser host; answers the bundle's path (dist-host/browser-host.js). */
export async function bundleHost(): Promise<string> {
  const outDir = path.join(REPO, 'dist-host');
  const entries = {
    'browser-host': 'electron/host/browser-host.ts',
    'paytable-analysis-worker': 'electron/app/paytable-analysis-worker.ts',
  };
  for (const [name, entry] of Object.entries(entries)) {
    await esbuild({ ...NODE_ESM, entryPoints: [path.join(REPO, entry)], outfile: path.join(outDir, `${name}.js`) });
  }
  return path.join(outDir, 'browser-host.js');
}

if (import.meta.main) process.stdout.write(`${await bundleHost()}\n`);
