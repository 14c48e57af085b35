// CLI entry: runs the demo MCP server until interrupted. PORT sets the port (default 3001).
// LOUPE_ALLOWED_ORIGINS (comma-separated) names the Loupe pages that may call it; `npm start` and the e2e
// stack set it to their app's origins. Without it: the dev and preview servers' default ports on loopback.
import { loopbackOrigins, parseOriginList } from './check-request-origin';
import { startDemoServer } from './demo-server';

const port = Number(process.env.PORT ?? 3001);
const configured = parseOriginList(process.env.LOUPE_ALLOWED_ORIGINS);
const allowedOrigins = configured.length > 0 ? configured : [...loopbackOrigins(5173), ...loopbackOrigins(4173)];
const handle = await startDemoServer({ port, allowedOrigins });
console.info(`Loupe demo MCP server: http://localhost:${new URL(handle.url).port}/mcp`);
console.info(`  answers pages from: ${allowedOrigins.join(', ')}`);

let closing = false;
function shutDown(): void {
  if (closing) return;
  closing = true;
  handle.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Could not close the demo server cleanly:', error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
