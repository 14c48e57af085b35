// Picks the provider adapter for the person's settings.
import type { Model } from '../engine/model/model';
import type { ModelInfo } from '../protocol/messages';
import type { ProviderSettings } from '../protocol/settings';
import { createManualModel, type ManualReplySource } from '../providers/manual/create-manual-model';
import { createLazyModel } from './create-lazy-model';
import { createUnloadedInBrowserModel } from './in-browser/unloaded-in-browser-model';
import { collectModelSecrets, guardModelSecrets, scrubSecrets } from './guard-model-secrets';
import { limitReplySize } from './limit-reply-size';
import { connectorTokens, type ConnectorTokens } from './connector-tokens';

/** What some models need from the run that uses them (the manual model: who writes its replies). */
export interface ModelContext {
  manual?: ManualReplySource;
  createId?: (prefix: string) => string;
  /** A signed-in server's access token, for MCP connector servers whose token is their OAuth sign-in's. */
  signInToken?: (serverId: string) => Promise<string>;
}

/**
 * The model that answers a run; a model marked for prompted tools is wrapped in the prompted track. Each
 * adapter (and the prompted track) is its own chunk, loaded with its first call: a run loads only its own.
 */
export function createModel(provider: ProviderSettings, context: ModelContext = {}): Model {
  switch (provider.kind) {
    case 'in-browser':
      // The worker's in-browser host answers these runs with the model it loaded (in-browser-host.ts); a host
      // without one (the headless runner) has no model file to run.
      return createUnloadedInBrowserModel(provider.model);
    case 'demo':
      return createLazyModel({ provider: 'demo', modelId: 'loupe-demo', countsTokens: false }, () =>
        import('../providers/demo/create-demo-model').then((module) => module.createDemoModel()),
      );
    case 'manual':
      return limitReplySize(
        createManualModel(context.manual, context.createId ?? ((prefix) => `${prefix}_${crypto.randomUUID()}`)),
      );
    case 'anthropic':
    case 'openai-compatible': {
      // Bounded before the prompted track reads it: its parser holds the whole reply.
      const known = collectModelSecrets(provider);
      const signIns =
        provider.kind === 'anthropic' && provider.connectorServers?.some((server) => server.tokenFromSignIn)
          ? connectorTokens(provider.connectorServers, context.signInToken)
          : undefined;
      // Sign-in tokens are only known once fetched, request by request: the list is read each time.
      const secrets = signIns === undefined ? known : () => [...known, ...signIns.issued()];
      if (provider.kind === 'openai-compatible' && provider.capabilities?.constrainToolCalls === true) {
        // The grammar changes with each request's tools, so the adapter is made per request around it.
        return createLazyModel({ provider: 'openai-compatible', modelId: provider.model, countsTokens: false }, () =>
          import('../providers/prompted/create-grammar-constrained-model').then((module) =>
            module.createGrammarConstrainedModel(
              { provider: 'openai-compatible', modelId: provider.model },
              (grammar) => guardModelSecrets(limitReplySize(createNativeModel(provider, { grammar })), secrets),
            ),
          ),
        );
      }
      const model = guardModelSecrets(
        limitReplySize(createNativeModel(provider, signIns === undefined ? {} : { signIns })),
        secrets,
      );
      if (provider.capabilities?.tools !== 'prompted') return model;
      // The prompted track counts no tokens (its request is not the one the adapter would count).
      return createLazyModel({ provider: model.provider, modelId: model.modelId, countsTokens: false }, () =>
        import('../providers/prompted/create-prompted-model').then((module) => module.createPromptedModel(model)),
      );
    }
  }
}

function createNativeModel(
  provider: Exclude<ProviderSettings, { kind: 'demo' } | { kind: 'manual' } | { kind: 'in-browser' }>,
  { grammar, signIns }: { grammar?: string | undefined; signIns?: ConnectorTokens } = {},
): Model {
  const capabilities = provider.capabilities;
  switch (provider.kind) {
    case 'anthropic': {
      const config = {
        apiKey: provider.apiKey,
        model: provider.model,
        ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
        ...(provider.apiTools ? { apiTools: provider.apiTools } : {}),
        ...(provider.connectorServers?.length
          ? { connectorServers: signIns === undefined ? provider.connectorServers : signIns.servers }
          : {}),
        ...(capabilities?.thinking
          ? { thinking: capabilities.thinkingBudget === undefined ? {} : { budgetTokens: capabilities.thinkingBudget } }
          : {}),
      };
      // The Anthropic SDK is a third of the worker: loaded with the first Anthropic call, not at start.
      return createLazyModel({ provider: 'anthropic', modelId: provider.model, countsTokens: true }, () =>
        import('../providers/anthropic/create-anthropic-model').then((module) => module.createAnthropicModel(config)),
      );
    }
    case 'openai-compatible': {
      const config = {
        apiKey: provider.apiKey,
        baseUrl: provider.baseUrl,
        model: provider.model,
        vision: capabilities?.vision === true,
        sendReasoning: capabilities?.sendReasoning === true,
        ...(grammar === undefined ? {} : { grammar }),
      };
      return createLazyModel({ provider: 'openai-compatible', modelId: provider.model, countsTokens: false }, () =>
        import('../providers/openai-compatible/create-openai-compatible-model').then((module) =>
          module.createOpenAICompatibleModel(config),
        ),
      );
    }
  }
}

/** The models a provider offers, with a fallback list when it cannot be asked (the warning never carries the key). */
export async function listModels(
  provider: ProviderSettings,
): Promise<{ models: ModelInfo[]; fromFallback: boolean; warning?: string }> {
  const listed = await listProviderModels(provider);
  if (listed.warning === undefined || (provider.kind !== 'anthropic' && provider.kind !== 'openai-compatible'))
    return listed;
  return { ...listed, warning: scrubSecrets(listed.warning, collectModelSecrets(provider)) };
}

async function listProviderModels(
  provider: ProviderSettings,
): Promise<{ models: ModelInfo[]; fromFallback: boolean; warning?: string }> {
  switch (provider.kind) {
    case 'demo':
      return { models: [{ id: 'loupe-demo', displayName: 'Demo model (scripted, offline)' }], fromFallback: false };
    case 'manual':
      return { models: [{ id: 'you', displayName: 'You are the model' }], fromFallback: false };
    case 'in-browser':
      return { models: [{ id: provider.model, displayName: provider.model }], fromFallback: false };
    case 'anthropic': {
      const { listAnthropicModels } = await import('../providers/anthropic/list-anthropic-models');
      return listAnthropicModels({
        apiKey: provider.apiKey,
        ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
      });
    }
    case 'openai-compatible': {
      const { listOpenAICompatibleModels } =
        await import('../providers/openai-compatible/list-openai-compatible-models');
      return listOpenAICompatibleModels({ apiKey: provider.apiKey, baseUrl: provider.baseUrl });
    }
  }
}
