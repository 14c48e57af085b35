import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects, each runnable alone (`npm run test:unit`, `npm run test:integration`, or `--project`):
 * - unit: code in one process, fakes at the seams; what `npm run check:fast` runs for the files it touches.
 * - integration: real servers, sockets or child processes — the SDK's MCP servers over HTTP, the mock model
 *   APIs, the demo server, the stdio bridge. `*.integration.test.ts` marks them; the files below start such
 *   servers too under their older names (docs name them), so they are listed rather than renamed.
 */
const startsServers = [
  'server/bridge/bridge-main.test.ts',
  'server/bridge/start-bridge.test.ts',
  'server/cors-helper-relay.test.ts',
  'server/cors-helper.test.ts',
  'server/demo-server.test.ts',
  'src/providers/anthropic/anthropic-retries.test.ts',
  'src/providers/anthropic/count-anthropic-tokens.test.ts',
  'src/providers/anthropic/create-anthropic-model.test.ts',
  'src/providers/anthropic/list-anthropic-models.test.ts',
  'src/providers/anthropic/mock-messages-api.test.ts',
  'src/providers/openai-compatible/create-openai-compatible-model.test.ts',
  'src/providers/openai-compatible/llama-server-conversation.test.ts',
  'src/providers/openai-compatible/llama-server-recordings.test.ts',
  'src/worker/create-model.test.ts',
  'src/worker/guard-model-secrets.test.ts',
];

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
