import { expect, meterMinor, test } from './fixtures.ts';

test.describe('kiosk start-up', () => {
  test('the table loads from the host with the cabinet state and no console errors', async ({ page, host }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(host.url);
    await expect(page.getByTestId('btn-deal')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('credit-meter')).toHaveAttribute('data-minor', '0');
    expect(await meterMinor(page, 'total-bet')).toBe(0);
    await expect(page.getByTestId('minmax-sign')).toBeVisible();
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
