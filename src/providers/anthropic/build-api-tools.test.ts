import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../../engine/model/model';
import { defaultApiToolSettings, type ApiToolSettings } from '../../shared/api-tool-settings';
import { buildAnthropicParams } from './build-anthropic-params';
import { buildApiTools } from './build-api-tools';

const tool = (name: string) => ({ name, description: name, input_schema: { type: 'object' } });
const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  tools: [tool('a__one'), tool('a__two'), tool('b__three')],
  maxTokens: 100,
};
const on = (patch: Partial<ApiToolSettings>): ApiToolSettings => ({ ...defaultApiToolSettings, ...patch });

describe('buildApiTools', () => {
  it('sends nothing when every API tool is off', () => {
    expect(buildApiTools(defaultApiToolSettings)).toEqual([]);
    const params = buildAnthropicParams(request, {
      model: 'm',
      apiTools: defaultApiToolSettings,
      container: 'c1',
      promptCaching: false,
    });
    expect(params.tools).toEqual([tool('a__one'), tool('a__two'), tool('b__three')]);
    expect(JSON.stringify(params)).not.toMatch(/defer_loading|container|web_search|memory/);
  });

  it('sends web search with its uses, domains and location, trimmed, allowed winning over blocked', () => {
    const tools = buildApiTools(
      on({
        webSearch: {
          enabled: true,
          maxUses: 3,
          allowedDomains: [' example.com ', ''],
          blockedDomains: ['evil.test'],
          location: { city: 'Paris', country: 'FR', region: ' ', timezone: 'Europe/Paris' },
        },
      }),
    );
    expect(tools).toEqual([
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 3,
        allowed_domains: ['example.com'],
        user_location: { type: 'approximate', city: 'Paris', country: 'FR', timezone: 'Europe/Paris' },
      },
    ]);
  });

  it('sends web fetch with blocked domains, and no max_uses that is not a positive integer', () => {
    const tools = buildApiTools(
      on({ webFetch: { enabled: true, maxUses: 0, allowedDomains: [], blockedDomains: ['a.test', 'b.test'] } }),
    );
    expect(tools).toEqual([{ type: 'web_fetch_20250910', name: 'web_fetch', blocked_domains: ['a.test', 'b.test'] }]);
  });

  it('sends code execution, memory and tool search (bm25 or regex) by their exact types', () => {
    const all = on({
      codeExecution: { enabled: true },
      memory: { enabled: true },
      toolSearch: { enabled: true, variant: 'regex', defer: 'all' },
    });
    expect(buildApiTools(all)).toEqual([
      { type: 'code_execution_20250825', name: 'code_execution' },
      { type: 'memory_20250818', name: 'memory' },
      { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
    ]);
    const bm25 = buildApiTools(on({ toolSearch: { enabled: true, variant: 'bm25', defer: 'all' } }));
    expect(bm25).toEqual([{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }]);
  });
});

describe('tool search in the request', () => {
  it('defers every client tool and never the search tool, which carries the cache breakpoint', () => {
    const apiTools = on({ toolSearch: { enabled: true, variant: 'bm25', defer: 'all' } });
    const params = buildAnthropicParams(request, { model: 'm', apiTools });
    expect(params.tools).toEqual([
      { ...tool('a__one'), defer_loading: true },
      { ...tool('a__two'), defer_loading: true },
      { ...tool('b__three'), defer_loading: true },
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('leaves the pinned tools loaded when only unpinned tools are deferred', () => {
    const apiTools = on({ toolSearch: { enabled: true, variant: 'bm25', defer: 'unpinned' } });
    const params = buildAnthropicParams(request, { model: 'm', apiTools, pinnedTools: ['a__two'] });
    expect(params.tools?.map((entry) => 'defer_loading' in entry && entry.defer_loading)).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('leaves a tool pinned in the Tools tab loaded, sent without the pin, unless the setting defers all', () => {
    const pinnedRequest: ModelRequest = {
      ...request,
      tools: [tool('a__one'), { ...tool('a__two'), pinned: true }, tool('b__three')],
    };
    const apiTools = on({ toolSearch: { enabled: true, variant: 'bm25', defer: 'unpinned' } });
    const params = buildAnthropicParams(pinnedRequest, { model: 'm', apiTools });
    expect(params.tools?.slice(0, 3)).toEqual([
      { ...tool('a__one'), defer_loading: true },
      tool('a__two'),
      { ...tool('b__three'), defer_loading: true },
    ]);
    const all = on({ toolSearch: { enabled: true, variant: 'bm25', defer: 'all' } });
    const deferred = buildAnthropicParams(pinnedRequest, { model: 'm', apiTools: all }).tools?.slice(0, 3);
    expect(deferred?.every((entry) => 'defer_loading' in entry && entry.defer_loading === true)).toBe(true);
    // Without tool search a pin changes nothing.
    expect(JSON.stringify(buildAnthropicParams(pinnedRequest, { model: 'm' }).tools)).not.toMatch(/pinned|defer/);
  });
});

describe('the code execution container', () => {
  it('goes back with the next request only while code execution is on', () => {
    const apiTools = on({ codeExecution: { enabled: true } });
    expect(buildAnthropicParams(request, { model: 'm', apiTools, container: 'container_1' }).container).toBe(
      'container_1',
    );
    expect(buildAnthropicParams(request, { model: 'm', apiTools })).not.toHaveProperty('container');
  });
});
