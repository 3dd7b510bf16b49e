/**
 * The system Chromium (apt-get install -y chromium; never `npx playwright install`) and the flags every headless
 * run here uses: the e2e projects (playwright.config.ts), the UI benchmark and the screenshot script.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
