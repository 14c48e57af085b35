import { describe, expect, it } from 'vitest';
import { defaultApiToolSettings } from '../shared/api-tool-settings';
import { buildProviderSettings } from './build-provider-settings';
import { defaultSettings, type Settings } from './settings';

const anthropic: Settings = { ...defaultSettings, provider: 'anthropic', apiKey: 'sk-ant-test', model: 'm' };

describe('buildProviderSettings: Server tools', () => {
  it('sends no API tools when all are off', () => {
    expect(buildProviderSettings(anthropic)).not.toHaveProperty('apiTools');
  });

  it("sends Memory with the memory its calls use: the session's own, or the one named", () => {
    const own = { ...defaultApiToolSettings, memory: { enabled: true, name: '  ' } };
    expect(buildProviderSettings({ ...anthropic, apiTools: own }, 's-1')).toMatchObject({
      apiTools: { memory: { enabled: true, scope: 'session:s-1' } },
    });
    const named = { ...defaultApiToolSettings, memory: { enabled: true, name: ' team ' } };
    expect(buildProviderSettings({ ...anthropic, apiTools: named }, 's-1')).toMatchObject({
      apiTools: { memory: { enabled: true, scope: 'named:team' } },
    });
  });

  it('sends the switched-on tools to Anthropic only', () => {
    const apiTools = { ...defaultApiToolSettings, codeExecution: { enabled: true } };
    expect(buildProviderSettings({ ...anthropic, apiTools })).toMatchObject({ kind: 'anthropic', apiTools });
    const openai = { ...anthropic, provider: 'openai-compatible' as const, apiTools };
    expect(buildProviderSettings(openai)).not.toHaveProperty('apiTools');
  });
});
