/**
 * How a Node entry point is bundled with esbuild: the Electron main process and its worker (scripts/build.ts), and
 * the browser test host the restart bench runs the way a packaged kiosk runs main, as one bundled file
 * (scripts/bundle-host.ts, docs/benchmarks.md#restart-after-a-power-cut). One set of options, so both are alike.
 */
import type { BuildOptions } from 'esbuild';

export const NODE_COMMON = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** An ES module bundle; native modules (serialport bindings) and electron stay external. */
export const NODE_ESM: BuildOptions = {
  ...NODE_COMMON,
  format: 'esm',
  external: ['electron', 'serialport', '@serialport/*', '*.node'],
  // Bundled CommonJS dependencies may call require(); give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
};
