// CLI: the modern-only test MCP server (2026-07-28 only), for the end-to-end stack and by hand.
import { parseOriginList } from '../../server/check-request-origin';
import { startModernServer } from './modern-server';

// Resource and prompt listings may be kept for 5 minutes (2026-07-28 `ttlMs`), so Inspect shows a cached listing
// and its Refresh; tools/list keeps the SDK's default (not kept).
const kept = { ttlMs: 300_000, cacheScope: 'private' as const };
const handle = await startModernServer({
  port: Number(process.env['PORT'] ?? 3006),
  allowedOrigins: parseOriginList(process.env['LOUPE_ALLOWED_ORIGINS']),
  cacheHints: { 'resources/list': kept, 'resources/templates/list': kept, 'prompts/list': kept },
});
console.info(`Modern-only MCP server (2026-07-28): ${handle.url}`);
process.on('SIGTERM', () => {
  void handle.close().then(() => process.exit(0));
});
