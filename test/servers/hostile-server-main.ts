// CLI: the hostile MCP test server. PORT sets the main endpoint's port; the others print their URLs.
import { startHostileServer } from './hostile-server';
import { announceUntilStopped, testServerCliOptions } from './test-server-cli';

const handle = await startHostileServer(testServerCliOptions(3005));
announceUntilStopped('Hostile MCP server', handle);
console.info(`  endless listing: ${handle.endlessUrl}`);
console.info(`  10,000 tools:    ${handle.manyUrl}`);
console.info(`  garbage:         ${handle.garbageUrl}`);
