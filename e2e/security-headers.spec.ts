// The Content-Security-Policy is an HTTP header on what `vite preview` serves (the production build, as a
// static host with public/_headers would): the page, the worker scripts, other pages; and no page may frame Loupe.
import { e2eUrls } from './fixtures/e2e-ports';
import { openForeignPage } from './fixtures/foreign-page';
import { expect, test } from './fixtures/loupe-test';
import { expectLoupePolicy, openWithWorker } from './fixtures/csp-header';

test('the CSP header, with frame-ancestors, comes with the page, the engine worker and the OAuth callback', async ({
  page,
  request,
}) => {
  const worker = await openWithWorker(page);
  expect(worker.url()).toMatch(/\/assets\/.*\.js$/);
  for (const url of ['/', worker.url(), '/oauth-callback.html', '/no-such-file.js']) {
    const headers = (await request.get(url)).headers();
    expectLoupePolicy(headers['content-security-policy'] ?? '', url);
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
  }
  // Static hosts that send no headers still get the policy from the build's <meta> (frame-ancestors aside).
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'/);
});

test('a page on another origin cannot frame Loupe', async ({ page, pageErrors }) => {
  await openForeignPage(page, `<!doctype html><iframe title="framed" src="${e2eUrls.app}/"></iframe>`);
  // Chromium refuses the frame (and says why in the console), then shows its error page instead of Loupe.
  await expect.poll(() => pageErrors.some((error) => error.includes('frame-ancestors'))).toBe(true);
  await expect(page.frameLocator('iframe[title="framed"]').locator('#root')).toHaveCount(0);
  // The refusal is the expected outcome here, not a failure of the page.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !error.includes('frame-ancestors')));
});
