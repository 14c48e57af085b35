import { test } from './fixtures/loupe-test';
import { expectDemoConnected } from './fixtures/demo-connected';
import { loadTinyModel } from './fixtures/in-browser-model';

for (const scheme of ['light', 'dark'] as const)
  for (const [label, width, height] of [['narrow', 390, 1400], ['wide', 1440, 1100]] as const)
    test(`shot ${scheme} ${label}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expectDemoConnected(page);
      await loadTinyModel(page, { temperature: '0' });
      const panel = page.locator('section[aria-labelledby="settings-title"]');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `/tmp/s18-shots/provider-${label}-${scheme}.png` });
      await page.screenshot({ path: `/tmp/s18-shots/page-${label}-${scheme}.png` });
    });
