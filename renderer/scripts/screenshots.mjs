// Throwaway: screenshots of every screen against a fake-enabled build served by `vite preview`.
// Usage: node renderer/scripts/screenshots.mjs <baseUrl> <outDir>
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:4179/';
const out = process.argv[3] ?? '/tmp/shots';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (const [name, w, h] of [
  ['land', 1920, 1080],
  ['port', 1080, 1920],
]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${base}?fake=1&service=1&attractAfterMs=600000`);
  await page.getByTestId('credit-meter').waitFor();
  await sleep(400);
  await page.screenshot({ path: `${out}/${name}-01-idle.png` });
  await page.getByTestId('chip-500').click();
  await page.getByTestId('spot-player').click();
  await page.getByTestId('spot-player').click();
  await page.getByTestId('chip-1000').click();
  await page.getByTestId('spot-banker').click();
  await page.getByTestId('chip-100').click();
  await page.getByTestId('spot-tie').click();
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-02-bets.png` });
  await page.evaluate(() =>
    window.__fakeCabinet.force([
      { rank: '3', suit: 'H' },
      { rank: 'K', suit: 'S' },
      { rank: '2', suit: 'C' },
      { rank: '5', suit: 'D' },
      { rank: '4', suit: 'S' },
      { rank: 'Q', suit: 'H' },
    ]),
  );
  await page.getByTestId('btn-deal').click();
  await sleep(1600);
  await page.screenshot({ path: `${out}/${name}-03-dealing.png` });
  await page.getByTestId('result-banner').waitFor({ timeout: 10000 });
  await sleep(500);
  await page.screenshot({ path: `${out}/${name}-04-result.png` });
  await page.getByTestId('spot-banker').click({ button: 'right' });
  await page.getByTestId('minmax-sign').click();
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-05-paytable.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await sleep(200);
  await page.screenshot({ path: `${out}/${name}-06-settings.png` });
  await page.getByTestId('menu-history').click();
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-07-history.png` });
  await page.getByTestId('menu-back').click();
  await page.getByTestId('menu-rules').click();
  await sleep(200);
  await page.screenshot({ path: `${out}/${name}-08-rules.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.__fakeCabinet.voidRound(1250));
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-09-void.png` });
  await page.getByTestId('void-ok').click();
  await page.evaluate(() => window.__fakeCabinet.tilt('device-fault'));
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-10-tilt.png` });
  await page.evaluate(() => window.__fakeCabinet.tilt('door-open'));
  await sleep(200);
  await page.screenshot({ path: `${out}/${name}-11-door.png` });
  await page.evaluate(() => window.__fakeCabinet.clear());
  await page.getByTestId('chip-50000').click();
  for (let i = 0; i < 3; i++) await page.getByTestId('spot-tie').click();
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-12-error.png` });
  await page.getByTestId('error-banner').waitFor();
  await page.getByTestId('btn-cashout').click();
  await sleep(200);
  await page.screenshot({ path: `${out}/${name}-13-cashout-confirm.png` });
  await page.getByTestId('cashout-confirm').click();
  await sleep(300);
  await page.screenshot({ path: `${out}/${name}-14-handpay.png` });
  await page.close();
  // attract on a fresh page with a short idle time
  const p2 = await browser.newPage({ viewport: { width: w, height: h } });
  await p2.goto(`${base}?fake=1&attractAfterMs=800`);
  await p2.getByTestId('attract').waitFor({ timeout: 8000 });
  await sleep(3500);
  await p2.screenshot({ path: `${out}/${name}-15-attract.png` });
  await p2.close();
}
await browser.close();
console.log('done');
