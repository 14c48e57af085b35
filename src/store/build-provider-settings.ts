// From the store's settings to what the worker needs: the provider and the run parameters.
import type { ModelPrice } from '../engine/model/model-capabilities';
import type { ProviderSettings, RunSettings } from '../protocol/settings';
import { resolveCapabilities, resolvePrice } from './capabilities/resolve-model-settings';
import type { Settings } from './settings';
import { anyApiToolOn, resolveMemoryScope, type ApiToolSettings } from '../shared/api-tool-settings';

/**
 * `sessionId` picks the memory the memory tool uses when Settings name none (the session's own); absent = a run
 * outside any session.
 */
export function buildProviderSettings(settings: Settings, sessionId: string | null = null): ProviderSettings {
  if (settings.provider === 'demo') return { kind: 'demo' };
  if (settings.provider === 'manual') return { kind: 'manual' };
  if (settings.provider === 'in-browser')
    return { kind: 'in-browser', model: settings.model, constrainToolCalls: settings.inBrowser.constrainToolCalls };
  const { apiKey, baseUrl, model } = settings;
  switch (settings.provider) {
    case 'anthropic':
      return {
        kind: 'anthropic',
        apiKey,
        baseUrl,
        model,
        capabilities: resolveCapabilities(settings, 'anthropic', model),
        ...withApiTools(settings, sessionId),
      };
    case 'openai-compatible': {
      const capabilities = resolveCapabilities(settings, 'openai-compatible', model);
      return { kind: 'openai-compatible', apiKey, baseUrl, model, capabilities };
    }
  }
}

export function buildRunSettings(settings: Settings, sessionId: string | null = null): RunSettings {
  return {
    provider: buildProviderSettings(settings, sessionId),
    system: settings.system,
    maxRounds: settings.maxRounds,
    maxTokens: settings.maxTokens,
    ...(settings.provider === 'in-browser' && settings.inBrowser.temperature !== undefined
      ? { temperature: settings.inBrowser.temperature }
      : {}),
    ...withPrice(settings),
    ...(Object.keys(settings.policies).length === 0 ? {} : { policies: settings.policies }),
    // Trace context goes to servers while runs are sent somewhere a server's spans can join them.
    ...(settings.telemetry.endpoint.trim() !== '' && settings.telemetry.traceContext ? { traceContext: true } : {}),
  };
}

/** The price of the chosen model, recorded with the run; none for the demo model or an unpriced model. */
function withPrice(settings: Settings): { price?: ModelPrice } {
  if (settings.provider === 'demo' || settings.provider === 'in-browser') return {};
  const price = resolvePrice(settings, settings.model);
  return price === undefined ? {} : { price };
}

/** The API tools to send; with Memory on, the memory its calls use (named, or the session's own). */
function withApiTools(settings: Settings, sessionId: string | null): { apiTools?: ApiToolSettings } {
  const { memory } = settings.apiTools;
  const apiTools = {
    ...settings.apiTools,
    memory: memory.enabled ? { enabled: true, scope: resolveMemoryScope(memory.name, sessionId) } : { enabled: false },
  };
  return anyApiToolOn(apiTools) ? { apiTools } : {};
}
