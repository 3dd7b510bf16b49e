/**
 * The preload's allow-list, generated from the channel tables when scripts/build.ts bundles the preload: the
 * preload's import of electron/ipc/channels.ts (which reads the names from the zod table) becomes a module of
 * the names written out, so the sandboxed bundle carries the names and no zod, and no list is kept by hand.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The generated module: the names and the push channel, as literals. */
export function allowListSource(names: readonly string[], eventChannel: string): string {
  return `export const CHANNEL_NAMES = ${JSON.stringify(names)};\nexport const EVENT_CHANNEL_NAME = ${JSON.stringify(eventChannel)};\n`;
}

/** Replaces the preload's channels.ts with `allowListSource(names, eventChannel)`. */
export function allowListPlugin(names: readonly string[], eventChannel: string): Plugin {
  return {
    name: 'preload-allow-list',
    setup(b) {
      b.onResolve({ filter: /\/ipc\/channels\.ts$/ }, (args) =>
        path.basename(args.importer) === 'preload.electron.ts'
          ? { path: 'allow-list', namespace: 'generated' }
          : undefined,
      );
      b.onLoad({ filter: /^allow-list$/, namespace: 'generated' }, () => ({
        contents: allowListSource(names, eventChannel),
        loader: 'js',
      }));
    },
  };
}
