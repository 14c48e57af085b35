// CLI entry of the dev-only CORS helper. PORT sets the port (default 3002).
import { startCorsHelper } from './cors-helper';

const handle = await startCorsHelper({ port: Number(process.env.PORT ?? 3002) });
console.info(`Loupe CORS helper (dev only, localhost targets): ${handle.url}/proxy?url=<MCP server URL>`);
const shutDown = () => void handle.close().then(() => process.exit(0));
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
