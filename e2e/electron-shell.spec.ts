/**
 * The real Electron shell (electron project only; skipped with the reason where no Electron
 * binary is installed). Checks the security checklist items that only exist in Electron —
 * context isolation, sandbox, no Node in the page, the preload's two functions, the app://
 * origin with its CSP header, denied navigation, new windows and permissions — and that a
 * note from the embedded emulator (service panel, `npm start` mode) reaches the meter.
 */
import { electronTest as test, expect, expectMeter } from './fixtures.ts';

test.describe('Electron shell', () => {
  test('the kiosk window is locked down (Electron security checklist)', async ({ app, window: kiosk }) => {
    expect(kiosk.url()).toMatch(/^app:\/\/kiosk\//);
    const shell = await app.evaluate(({ BrowserWindow }) => {
      const win = BrowserWindow.getAllWindows()[0]!;
      return { kiosk: win.isKiosk(), fullScreen: win.isFullScreen(), menu: win.isMenuBarVisible() };
    });
    expect(shell).toEqual({ kiosk: true, fullScreen: true, menu: false });

    const page = await kiosk.evaluate(() => ({
      require: typeof (globalThis as unknown as { require?: unknown }).require,
      process: typeof (globalThis as unknown as { process?: unknown }).process,
      bridgeKeys: Object.keys((globalThis as unknown as { cabinet: object }).cabinet).sort(),
      ipc: 'ipcRenderer' in (globalThis as unknown as { cabinet: object }).cabinet,
    }));
    expect(page.require).toBe('undefined');
    expect(page.process).toBe('undefined');
    expect(page.ipc).toBe(false);
    expect(page.bridgeKeys).toEqual(['invoke', 'onEvent']);

    const csp = await kiosk.evaluate(async () =>
      (await fetch('app://kiosk/index.html')).headers.get('content-security-policy'),
    );
    expect(csp).toContain("default-src 'none'");

    // Navigation away and new windows are denied.
    await kiosk.evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/';
    });
    await expect.poll(() => kiosk.url()).toMatch(/^app:\/\/kiosk\//);
    expect(
      await kiosk.evaluate(
        () => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/') === null,
      ),
    ).toBe(true);
    expect(app.windows()).toHaveLength(1);

    // Unknown channels never reach main.
    const unknown = await kiosk.evaluate(() =>
      (globalThis as unknown as { cabinet: { invoke(c: string, r: unknown): Promise<unknown> } }).cabinet.invoke(
        'nope',
        {},
      ),
    );
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  test('a note from the embedded emulator reaches the credit meter', async ({ window: kiosk }) => {
    // The service panel opens on ?service=1 or Shift+I (useKeyboard); the kiosk URL carries no query.
    await kiosk.keyboard.press('Shift+I');
    await expect(kiosk.getByTestId('service-panel')).toBeVisible();
    await kiosk.getByTestId('service-insert-2').click();
    await expectMeter(kiosk, 'credit-meter', 1_000);
  });
});
