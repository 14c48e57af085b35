// CLI entry: runs the demo MCP server until interrupted. PORT sets the port (default 3001);
// LOUPE_ALLOWED_ORIGINS (comma-separated) lets pages from other origins than loopback in, e.g. a hosted Loupe.
import { startDemoServer } from './demo-server';

const port = Number(process.env.PORT ?? 3001);
const allowedOrigins = (process.env.LOUPE_ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter((origin) => origin !== '');
const handle = await startDemoServer({ port, allowedOrigins });
console.info(`Loupe demo MCP server: http://localhost:${new URL(handle.url).port}/mcp`);

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
