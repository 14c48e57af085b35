// Test support: the demo MCP server (and the mock Messages API) started for a test file and closed after it.
import { afterAll, beforeAll } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startDemoServer } from '../../server/demo-server';
import type { McpHttpHandle } from '../../server/serve-mcp-http';

/** The started servers; read them inside a test (they are set before the first). */
export interface DemoStack {
  demo: McpHttpHandle;
  api: MockMessagesApi;
}

/** Registers hooks that start the demo server before the file's tests and close it after. */
export function useDemoServer(): Pick<DemoStack, 'demo'> {
  const stack = {} as Pick<DemoStack, 'demo'>;
  beforeAll(async () => {
    stack.demo = await startDemoServer();
  });
  afterAll(async () => {
    await stack.demo.close();
  });
  return stack;
}

/** Registers hooks that start the demo server and the mock Messages API (taking `apiKey` only), then close both. */
export function useDemoAndMockApi(apiKey: string): DemoStack {
  const stack = {} as DemoStack;
  beforeAll(async () => {
    [stack.demo, stack.api] = await Promise.all([startDemoServer(), startMockMessagesApi({ apiKey })]);
  });
  afterAll(async () => {
    await Promise.all([stack.demo.close(), stack.api.close()]);
  });
  return stack;
}
