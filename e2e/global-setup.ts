import { existsSync } from 'node:fs';
import path from 'node:path';
import { electronBinary, ELECTRON_SKIP_REASON } from './electron-binary.ts';

/** The specs need the renderer build; `npm run test:e2e` makes it first. */
export default function globalSetup(): void {
  // The host serves the development entry (the service panel, ?attractAfterMs=), built beside the production one.
  const index = path.resolve(import.meta.dirname, '..', 'dist-renderer-dev', 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: run "npm run build" first (npm run test:e2e does)`);
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('/usr/bin/chromium is missing: apt-get install -y chromium (never npx playwright install)');
  }
  if (electronBinary() === null) process.stderr.write(`[electron] ${ELECTRON_SKIP_REASON}\n`);
}
