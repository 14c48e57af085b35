// CLI: the modern-only test MCP server (2026-07-28 only), for the end-to-end stack and by hand.
import { startModernServer } from './modern-server';
import { announceUntilStopped, testServerCliOptions } from './test-server-cli';

// Resource and prompt listings may be kept for 5 minutes (2026-07-28 `ttlMs`), so Inspect shows a cached listing
// and its Refresh; tools/list keeps the SDK's default (not kept).
const kept = { ttlMs: 300_000, cacheScope: 'private' as const };
const handle = await startModernServer({
  ...testServerCliOptions(3006),
  cacheHints: { 'resources/list': kept, 'resources/templates/list': kept, 'prompts/list': kept },
});
announceUntilStopped('Modern-only MCP server (2026-07-28)', handle);
