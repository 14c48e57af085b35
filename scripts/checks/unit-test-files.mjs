// Which files are tests of Vitest's unit project, as vitest.config.ts chooses them: `*.test.ts` under src/,
// server/ and test/, less the integration ones (`*.integration.test.ts` and those test/starts-servers.json lists).
import { readFileSync } from 'node:fs';

const startsServers = new Set(JSON.parse(readFileSync('test/starts-servers.json', 'utf8')));

/** True for a path (relative to the repository root, forward slashes) the unit project runs. */
export function isUnitTestFile(path) {
  return (
    /^(src|server|test)\/(.+\/)?[^/]+\.test\.ts$/.test(path) &&
    !path.endsWith('.integration.test.ts') &&
    !startsServers.has(path) &&
    !path.split('/').includes('node_modules')
  );
}
