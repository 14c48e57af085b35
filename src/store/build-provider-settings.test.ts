import { describe, expect, it } from 'vitest';
import { defaultApiToolSettings } from '../shared/api-tool-settings';
import { buildProviderSettings } from './build-provider-settings';
import { defaultSettings, type Settings } from './settings';

const anthropic: Settings = { ...defaultSettings, provider: 'anthropic', apiKey: 'sk-ant-test', model: 'm' };

describe('buildProviderSettings: Server tools', () => {
  it('sends no API tools when all are off, and never the memory tool the loop cannot run yet', () => {
    expect(buildProviderSettings(anthropic)).not.toHaveProperty('apiTools');
    const memoryOnly = { ...defaultApiToolSettings, memory: { enabled: true } };
    expect(buildProviderSettings({ ...anthropic, apiTools: memoryOnly })).not.toHaveProperty('apiTools');
  });

  it('sends the switched-on tools to Anthropic only', () => {
    const apiTools = { ...defaultApiToolSettings, codeExecution: { enabled: true } };
    expect(buildProviderSettings({ ...anthropic, apiTools })).toMatchObject({ kind: 'anthropic', apiTools });
    const openai = { ...anthropic, provider: 'openai-compatible' as const, apiTools };
    expect(buildProviderSettings(openai)).not.toHaveProperty('apiTools');
  });
});
