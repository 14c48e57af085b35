// CLI entry of the CORS helper, for a Loupe that is not served by `npm start` (whose dev and preview servers
// start the helper themselves when the person asks). PORT sets the port (default 3002);
// LOUPE_ALLOWED_ORIGINS names the Loupe pages it answers (default: the dev and preview ports on loopback);
// LOUPE_CORS_HELPER_TOKEN sets the token (default: a fresh random one, printed once here).
import { loopbackOrigins, parseOriginList } from './check-request-origin';
import { createHelperToken, startCorsHelper } from './cors-helper';

const configured = parseOriginList(process.env.LOUPE_ALLOWED_ORIGINS);
const allowedOrigins = configured.length > 0 ? configured : [...loopbackOrigins(5173), ...loopbackOrigins(4173)];
const token = process.env.LOUPE_CORS_HELPER_TOKEN ?? createHelperToken();
const handle = await startCorsHelper({ port: Number(process.env.PORT ?? 3002), token, allowedOrigins });
console.info(`Loupe CORS helper (local servers only): ${handle.url}/proxy?url=<MCP server URL>`);
console.info(`  answers pages from: ${allowedOrigins.join(', ')}`);
console.info(`  add this header to the server in Loupe (Edit → Headers):  Loupe-Helper-Token: ${token}`);
const shutDown = () => void handle.close().then(() => process.exit(0));
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
