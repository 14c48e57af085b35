// Picks the provider adapter for the person's settings.
import type { Model } from '../engine/model/model';
import type { ModelInfo } from '../protocol/messages';
import type { ProviderSettings } from '../protocol/settings';
import { createAnthropicModel } from '../providers/anthropic/create-anthropic-model';
import { listAnthropicModels } from '../providers/anthropic/list-anthropic-models';
import { createDemoModel } from '../providers/demo/create-demo-model';

/** The model that answers a run. */
export function createModel(provider: ProviderSettings): Model {
  switch (provider.kind) {
    case 'demo':
      return createDemoModel();
    case 'anthropic':
      return createAnthropicModel({
        apiKey: provider.apiKey,
        model: provider.model,
        ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
      });
  }
}

/** The models a provider offers, with a fallback list when it cannot be asked. */
export async function listModels(
  provider: ProviderSettings,
): Promise<{ models: ModelInfo[]; fromFallback: boolean; warning?: string }> {
  switch (provider.kind) {
    case 'demo':
      return { models: [{ id: 'loupe-demo', displayName: 'Demo model (scripted, offline)' }], fromFallback: false };
    case 'anthropic':
      return listAnthropicModels({
        apiKey: provider.apiKey,
        ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
      });
  }
}
