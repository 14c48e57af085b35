// The worker's side of MCP features: forwards logs, traffic, elicitation and sampling to the UI and serves
// the browse commands (resources, prompts) and the answers that come back.
import type { Model, ModelRequest } from '../engine/model/model';
import type { ElicitationParams, McpClientHandlers, SamplingParams } from '../mcp/server-requests/mcp-client-handlers';
import { SamplingDeclinedError, toSamplingPrompt, toSamplingResult } from '../mcp/server-requests/convert-sampling';
import {
  checkElicitationRequest,
  checkSamplingRequest,
  describeTooManyWaiting,
  MAX_SAMPLING_TOKENS,
} from '../mcp/server-requests/server-request-bounds';
import type {
  ElicitationAnswer,
  McpFeatureCommand,
  McpFeatureCommandResults,
  McpFeatureEvent,
  SamplingAnswer,
} from '../protocol/mcp-feature-messages';
import type { ProviderSettings, ServerConfig } from '../protocol/settings';
import type { ConnectExtras, ServerRegistry } from './server-registry';

export interface McpFeatureHostDependencies {
  post: (event: McpFeatureEvent) => void;
  createModel: (provider: ProviderSettings) => Model;
  createId: (prefix: string) => string;
  now: () => number;
  /** The host's registry (read lazily: the registry is built with this host's `extrasFor`). */
  servers: () => ServerRegistry;
}

export interface McpFeatureHost {
  /** The handlers a connection to `config` gets. */
  extrasFor(config: ServerConfig): ConnectExtras;
  execute(command: McpFeatureCommand): Promise<McpFeatureCommandResults[McpFeatureCommand['type']]>;
}

type Answer = ElicitationAnswer | SamplingAnswer;

/** Runs one sampling request on `model` and gathers the text of its reply. */
async function sampleText(model: Model, request: ModelRequest, signal: AbortSignal) {
  let text = '';
  let stopReason: string | null = null;
  for await (const part of model.doStream(request, signal)) {
    if (part.type === 'text-delta') text += part.text;
    if (part.type === 'response-end') stopReason = part.stopReason;
  }
  return { text, stopReason };
}

export function createMcpFeatureHost(deps: McpFeatureHostDependencies): McpFeatureHost {
  const pending = new Map<string, (answer: Answer) => void>();
  let seq = 0;

  /** Posts a request for the person and waits for the answer; the server's cancel settles it. */
  const ask = <A extends Answer>(requestId: string, event: McpFeatureEvent, signal: AbortSignal): Promise<A> =>
    new Promise<A>((resolve, reject) => {
      const onAbort = () => {
        pending.delete(requestId);
        deps.post({ kind: 'request-settled', requestId });
        reject(new Error('The server cancelled the request.'));
      };
      pending.set(requestId, (answer) => {
        signal.removeEventListener('abort', onAbort);
        pending.delete(requestId);
        resolve(answer as A);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      deps.post(event);
    });

  // Requests of each server waiting for the person: a server cannot bury the person under dialogs.
  const waiting = new Map<string, number>();

  /** `ask` for `config`'s server, refused (to the server, and in its log for the person) past a bound. */
  const askBounded = async <A extends Answer>(
    config: ServerConfig,
    refusal: string | undefined,
    requestId: string,
    event: McpFeatureEvent,
    signal: AbortSignal,
  ): Promise<A> => {
    const count = waiting.get(config.id) ?? 0;
    const why = describeTooManyWaiting(count) ?? refusal;
    if (why !== undefined) {
      deps.post({
        kind: 'log',
        entry: { serverId: config.id, at: deps.now(), level: 'warning', logger: 'loupe', data: why },
      });
      throw new Error(why);
    }
    waiting.set(config.id, count + 1);
    try {
      return await ask<A>(requestId, event, signal);
    } finally {
      const left = (waiting.get(config.id) ?? 1) - 1;
      if (left > 0) waiting.set(config.id, left);
      else waiting.delete(config.id);
    }
  };

  const handlersFor = (config: ServerConfig): McpClientHandlers => ({
    onLog: (entry) => deps.post({ kind: 'log', entry: { serverId: config.id, at: deps.now(), ...entry } }),
    onTraffic: (entry) =>
      deps.post({ kind: 'traffic', record: { serverId: config.id, seq: ++seq, ...entry, message: entry.message } }),
    elicit: async (params: ElicitationParams, signal) => {
      const requestId = deps.createId('elicit');
      const prompt = { requestId, serverId: config.id, serverName: config.name, ...params };
      const event: McpFeatureEvent = { kind: 'elicitation-request', prompt };
      const answer = await askBounded<ElicitationAnswer>(
        config,
        checkElicitationRequest(params),
        requestId,
        event,
        signal,
      );
      return answer.action === 'accept' ? { action: 'accept', content: answer.content } : { action: answer.action };
    },
    sample: async (params: SamplingParams, signal) => {
      const requestId = deps.createId('sample');
      const asked = toSamplingPrompt(params);
      // A larger reply than the bound is not refused: it is lowered, and the dialog says so.
      const shown =
        asked.maxTokens > MAX_SAMPLING_TOKENS
          ? { ...asked, maxTokens: MAX_SAMPLING_TOKENS, askedMaxTokens: asked.maxTokens }
          : asked;
      const prompt = { requestId, serverId: config.id, serverName: config.name, ...shown };
      const event: McpFeatureEvent = { kind: 'sampling-request', prompt };
      const answer = await askBounded<SamplingAnswer>(config, checkSamplingRequest(params), requestId, event, signal);
      if (answer.action === 'decline') throw new SamplingDeclinedError();
      const model = deps.createModel(answer.provider);
      const { text, stopReason } = await sampleText(
        model,
        {
          ...(shown.systemPrompt === undefined ? {} : { system: shown.systemPrompt }),
          messages: shown.messages,
          tools: [],
          maxTokens: shown.maxTokens,
          ...(shown.temperature === undefined ? {} : { temperature: shown.temperature }),
        },
        signal,
      );
      return toSamplingResult(text, model.modelId, stopReason);
    },
  });

  const answer = (requestId: string, value: Answer): null => {
    const resolve = pending.get(requestId);
    if (resolve === undefined)
      throw new Error('That request is no longer waiting (the server cancelled it or went away).');
    resolve(value);
    return null;
  };

  async function run(command: McpFeatureCommand): Promise<McpFeatureCommandResults[McpFeatureCommand['type']]> {
    switch (command.type) {
      case 'mcp-resources-list':
        return deps
          .servers()
          .connection(command.serverId)
          .browse.listResources({ fresh: command.fresh === true });
      case 'mcp-resource-read':
        return { contents: await deps.servers().connection(command.serverId).browse.readResource(command.uri) };
      case 'mcp-prompts-list':
        return deps
          .servers()
          .connection(command.serverId)
          .browse.listPrompts({ fresh: command.fresh === true });
      case 'mcp-skills-list':
        return deps.servers().connection(command.serverId).skills.list();
      case 'mcp-skill-load':
        return deps.servers().connection(command.serverId).skills.load(command.uri);
      case 'mcp-prompt-get':
        return deps.servers().connection(command.serverId).browse.getPrompt(command.name, command.arguments);
      case 'mcp-log-level':
        await deps.servers().connection(command.serverId).setLogLevel(command.level);
        return null;
      case 'elicitation-answer':
        return answer(command.requestId, command.answer);
      case 'sampling-answer':
        return answer(command.requestId, command.answer);
    }
  }

  return {
    extrasFor: (config) => ({ handlers: handlersFor(config) }),
    execute: run,
  };
}
