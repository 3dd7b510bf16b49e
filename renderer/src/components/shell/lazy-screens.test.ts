import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATER_SCREENS } from './lazy-screens.ts';

/**
 * The renderer as the kiosk loads it (vite's production build of index.html): the files the page fetches before the
 * table can paint are the entry script and the modules it preloads.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
/** The first load before the later screens were split off was 702 KB (591 KB after); the table alone stays under this. */
const FIRST_LOAD_LIMIT_BYTES = 620_000;

let out: string;
let firstLoad: { file: string; bytes: number; code: string }[];

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  const { build } = await import('vite');
  // The kiosk's build: Vue without its development checks (the test runner sets NODE_ENV to 'test').
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(REPO, 'vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    build: { outDir: out, emptyOutDir: true },
  }).finally(() => (process.env.NODE_ENV = nodeEnv));
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\.\/([^"]+)"/g),
  ];
  firstLoad = files.map(([, file]) => {
    const full = path.join(out, file!);
    return { file: file!, bytes: statSync(full).size, code: readFileSync(full, 'utf8') };
  });
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the table's first load carries the table only", () => {
  it('the entry and what it preloads stay under the limit', () => {
    expect(firstLoad.length).toBeGreaterThan(0);
    const bytes = firstLoad.reduce((sum, f) => sum + f.bytes, 0);
    expect(bytes).toBeLessThan(FIRST_LOAD_LIMIT_BYTES);
  });

  it.each(LATER_SCREENS)('%s is not in the first load: it comes in its own chunk when shown', (screen) => {
    const named = new RegExp(`__name:\\s*[\`'"]${screen}[\`'"]`);
    expect(firstLoad.filter((f) => named.test(f.code)).map((f) => f.file)).toEqual([]);
  });

  it('the table itself is in the first load', () => {
    expect(firstLoad.some((f) => /__name:\s*[`'"]TheTable[`'"]/.test(f.code))).toBe(true);
  });
});
