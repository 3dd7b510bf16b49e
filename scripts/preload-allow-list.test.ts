import { build } from 'esbuild';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES as DEV_NAMES } from '../electron/host/dev-preload-channels.ts';
import { TEST_CHANNEL_TABLE } from '../electron/host/test-channels.ts';
import { CHANNEL_TABLE, CHANNELS, EVENT_CHANNEL } from '../electron/ipc/contract.ts';
import { SERVICE_CHANNEL_TABLE } from '../electron/ipc/dev-contract.ts';
import { allowListPlugin } from './preload-allow-list.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The preload bundled as scripts/build.ts bundles it, with the given names. */
async function bundledPreload(names: readonly string[]): Promise<string> {
  const out = await build({
    entryPoints: [path.join(root, 'electron/preload.electron.ts')],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    external: ['electron'],
    logLevel: 'silent',
    plugins: [allowListPlugin(names, EVENT_CHANNEL)],
  });
  return out.outputFiles[0]!.text;
}

/** The allow-list a bundle carries, read back from its text. */
function namesIn(bundle: string): string[] {
  const found = /CHANNEL_NAMES = (\[[^\]]*\])/.exec(bundle);
  if (!found) throw new Error('no allow-list in the bundle');
  return JSON.parse(found[1]!) as string[];
}

describe("the preload's allow-list is generated from the channel tables", () => {
  it('the packaged preload carries exactly the production table, in order, and no zod', async () => {
    const bundle = await bundledPreload(CHANNELS);
    expect(namesIn(bundle)).toEqual(Object.keys(CHANNEL_TABLE));
    expect(bundle).not.toMatch(/\bzod\b|ZodError/);
  });

  it('the development preload adds the service panel, never the browser host test controls', async () => {
    const names = namesIn(await bundledPreload(DEV_NAMES));
    expect(names).toEqual([...CHANNELS, ...Object.keys(SERVICE_CHANNEL_TABLE)]);
    for (const test of Object.keys(TEST_CHANNEL_TABLE)) expect(names).not.toContain(test);
  });
});
