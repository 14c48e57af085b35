// CLI: the modern-only test MCP server (2026-07-28 only), for the end-to-end stack and by hand.
import { parseOriginList } from '../../server/check-request-origin';
import { startModernServer } from './modern-server';

const handle = await startModernServer({
  port: Number(process.env['PORT'] ?? 3006),
  allowedOrigins: parseOriginList(process.env['LOUPE_ALLOWED_ORIGINS']),
});
console.info(`Modern-only MCP server (2026-07-28): ${handle.url}`);
process.on('SIGTERM', () => {
  void handle.close().then(() => process.exit(0));
});
