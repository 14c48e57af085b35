import { describe, expect, it } from 'vitest';
import type { Tool } from '../tool/tool';
import type { DebugPolicy } from './pause-point';
import { resolveApproval } from './select-pause';

const mcp = (readOnlyHint?: boolean): Tool => ({
  name: 'demo__weather_get',
  description: '',
  inputSchema: { type: 'object' },
  origin: { kind: 'mcp', serverId: 's', serverName: 'demo', toolName: 'weather_get' },
  ...(readOnlyHint === undefined ? {} : { annotations: { readOnlyHint } }),
  run: () => Promise.resolve({ content: [] }),
});

const policy = (approval: Partial<DebugPolicy['approval']>): DebugPolicy => ({
  mode: 'run',
  breakpoints: [],
  approval: { enabled: true, tools: {}, ...approval },
});

describe('resolveApproval', () => {
  it('asks about MCP tools not read-only by default, and never while approval is off', () => {
    expect(resolveApproval(policy({}), 'demo__weather_get', mcp())).toBe('ask');
    expect(resolveApproval(policy({}), 'demo__weather_get', mcp(true))).toBe('auto');
    expect(resolveApproval(policy({ enabled: false }), 'demo__weather_get', mcp())).toBe('auto');
  });
  it("lets this session's answer win over the remembered setting", () => {
    const both = policy({ tools: { demo__weather_get: 'ask' }, session: { demo__weather_get: 'auto' } });
    expect(resolveApproval(both, 'demo__weather_get', mcp())).toBe('auto');
    expect(resolveApproval(policy({ session: { other: 'auto' } }), 'demo__weather_get', mcp())).toBe('ask');
    expect(resolveApproval(policy({ tools: { demo__weather_get: 'deny' } }), 'demo__weather_get', mcp(true))).toBe(
      'deny',
    );
  });
});
