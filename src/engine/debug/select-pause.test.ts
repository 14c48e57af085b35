import { describe, expect, it } from 'vitest';
import type { Tool } from '../tool/tool';
import type { DebugPolicy } from './pause-point';
import { resolveApproval, selectPause } from './select-pause';

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

describe('resolveApproval for a tool named after an Object.prototype member', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'still asks about %s: the name never finds what Object.prototype holds',
    (name) => {
      const named: Tool = { ...mcp(), name };
      expect(resolveApproval(policy({}), name, named)).toBe('ask');
      expect(resolveApproval(policy({ session: {} }), name, named)).toBe('ask');
      const remembered = JSON.parse(`{"${name}": "deny"}`) as Record<string, 'deny'>;
      expect(resolveApproval(policy({ tools: remembered }), name, named)).toBe('deny');
    },
  );
});

describe('selectPause at a compaction', () => {
  const payload = {
    kind: 'before-compaction' as const,
    round: 3,
    compaction: {
      mode: 'trim' as const,
      trigger: 'every-rounds' as const,
      because: 'every 3 rounds',
      tokensBefore: 900,
      tokensAfter: 300,
      trimmedResults: 2,
      summarisedMessages: 0,
    },
  };
  const at = (patch: Partial<DebugPolicy>): DebugPolicy => ({ ...policy({ enabled: false }), ...patch });
  it('stops in step mode and at an enabled compaction breakpoint, not when stepping over a round', () => {
    expect(selectPause(at({ mode: 'step' }), payload).reasons).toEqual([{ kind: 'step' }]);
    expect(selectPause(at({ mode: 'next-round' }), payload).reasons).toEqual([]);
    expect(selectPause(at({ breakpoints: [{ id: 'b', enabled: true, kind: 'compaction' }] }), payload).reasons).toEqual(
      [{ kind: 'breakpoint', breakpointId: 'b', label: 'before a compaction' }],
    );
    expect(
      selectPause(at({ breakpoints: [{ id: 'b', enabled: false, kind: 'compaction' }] }), payload).reasons,
    ).toEqual([]);
    // A compaction breakpoint holds nothing else.
    const request = { kind: 'before-request' as const, round: 4, request: { messages: [], tools: [], maxTokens: 1 } };
    expect(selectPause(at({ breakpoints: [{ id: 'b', enabled: true, kind: 'compaction' }] }), request).reasons).toEqual(
      [],
    );
  });
});
