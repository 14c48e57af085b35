import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
