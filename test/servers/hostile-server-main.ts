// CLI: the hostile MCP test server. PORT sets the main endpoint's port; the others print their URLs.
import { parseOriginList } from '../../server/check-request-origin';
import { startHostileServer } from './hostile-server';

const handle = await startHostileServer({
  port: Number(process.env.PORT ?? 3005),
  allowedOrigins: parseOriginList(process.env.LOUPE_ALLOWED_ORIGINS),
});
console.info(`Hostile MCP server: ${handle.url}`);
console.info(`  endless listing: ${handle.endlessUrl}`);
console.info(`  10,000 tools:    ${handle.manyUrl}`);
console.info(`  garbage:         ${handle.garbageUrl}`);
process.on('SIGTERM', () => {
  void handle.close().then(() => process.exit(0));
});
