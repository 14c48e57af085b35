import { configDefaults, defineConfig } from 'vitest/config';
import startsServers from './test/starts-servers.json' with { type: 'json' };

/**
 * Two projects, each runnable alone (`npm run test:unit`, `npm run test:integration`, or `--project`):
 * - unit: code in one process, fakes at the seams; what `npm run check:fast` runs for the files it touches.
 * - integration: real servers, sockets or child processes — the SDK's MCP servers over HTTP, the mock model
 *   APIs, the demo server, the stdio bridge. `*.integration.test.ts` marks them; the files in
 *   test/starts-servers.json start such servers too under their older names (docs name them), so they are listed
 *   rather than renamed. check:fast reads the same list (scripts/checks/unit-test-files.mjs).
 */
const allTests = ['src/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts'];
const integrationTests = [
  ...allTests.map((pattern) => pattern.replace('*.test.ts', '*.integration.test.ts')),
  ...startsServers,
];

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: allTests, exclude: [...configDefaults.exclude, ...integrationTests] },
      },
      {
        extends: true,
        test: { name: 'integration', include: integrationTests },
      },
    ],
  },
});
