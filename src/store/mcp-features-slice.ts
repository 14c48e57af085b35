// MCP features on the main thread: per-server logs and protocol traffic, pending elicitation and sampling
// requests, and the resources attached to the next message.
import type { McpResourceContent } from '../protocol/mcp-feature-messages';
import type { UserAttachment } from '../protocol/user-attachment';
import { buildProviderSettings } from './build-provider-settings';
import { askOrAlert } from './ask-or-alert';
import { type GetLoupeState, type SetLoupeState, type SliceDependencies } from './loupe-state';
import type { McpFeaturesSlice } from './mcp-features-state';

export type { PendingAttachment, McpFeaturesSlice } from './mcp-features-state';

/** Kept per server; older entries are dropped first. */
export const MAX_LOG_ENTRIES = 500;
export const MAX_TRAFFIC_RECORDS = 2000;

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The blocks a read resource becomes: text parts as text, supported images as images, other binaries a note. */
export function resourceToBlocks(contents: McpResourceContent[]): UserAttachment[] {
  return contents.map((part): UserAttachment => {
    if ('text' in part) return { type: 'text', text: `Resource ${part.uri}:\n${part.text}` };
    const mimeType = part.mimeType ?? 'application/octet-stream';
    if (imageTypes.has(mimeType))
      return { type: 'image', source: { type: 'base64', media_type: mimeType, data: part.blob } };
    return { type: 'text', text: `[Resource ${part.uri} (${mimeType}) is binary and was left out.]` };
  });
}

const capped = <T>(list: T[] | undefined, item: T, max: number): T[] => [...(list ?? []), item].slice(-max);

export function createMcpFeaturesSlice(
  set: SetLoupeState,
  get: GetLoupeState,
  deps: SliceDependencies,
): McpFeaturesSlice {
  const ask = askOrAlert(get);
  const answered = (requestId: string) =>
    set((state) => ({
      elicitations: state.elicitations.filter((prompt) => prompt.requestId !== requestId),
      samplings: state.samplings.filter((prompt) => prompt.requestId !== requestId),
    }));

  return {
    mcpLogs: {},
    mcpTraffic: {},
    elicitations: [],
    samplings: [],
    attachments: [],
    liveRunIds: new Set<string>(),
    noteLiveRun(runId) {
      set((state) => ({ liveRunIds: new Set([...state.liveRunIds, runId]) }));
    },
    applyMcpFeatureEvent(event) {
      switch (event.kind) {
        case 'log':
          set((state) => ({
            mcpLogs: {
              ...state.mcpLogs,
              [event.entry.serverId]: capped(state.mcpLogs[event.entry.serverId], event.entry, MAX_LOG_ENTRIES),
            },
          }));
          return;
        case 'traffic':
          set((state) => ({
            mcpTraffic: {
              ...state.mcpTraffic,
              [event.record.serverId]: capped(
                state.mcpTraffic[event.record.serverId],
                event.record,
                MAX_TRAFFIC_RECORDS,
              ),
            },
          }));
          return;
        case 'elicitation-request':
          set((state) => ({ elicitations: [...state.elicitations, event.prompt] }));
          return;
        case 'sampling-request':
          set((state) => ({ samplings: [...state.samplings, event.prompt] }));
          return;
        case 'request-settled':
          answered(event.requestId);
          return;
      }
    },
    async answerElicitation(requestId, answer) {
      answered(requestId);
      await ask('answer the server', () => deps.client.send({ type: 'elicitation-answer', requestId, answer }));
    },
    async answerSampling(requestId, approve) {
      answered(requestId);
      const answer = approve
        ? { action: 'approve' as const, provider: buildProviderSettings(get().settings) }
        : { action: 'decline' as const };
      await ask('answer the server', () => deps.client.send({ type: 'sampling-answer', requestId, answer }));
    },
    listResources: (serverId, fresh = false) =>
      ask('list the resources', () =>
        deps.client.send({ type: 'mcp-resources-list', serverId, ...(fresh ? { fresh } : {}) }),
      ),
    readResource: async (serverId, uri) =>
      (await ask(`read ${uri}`, () => deps.client.send({ type: 'mcp-resource-read', serverId, uri })))?.contents ??
      null,
    listPrompts: (serverId, fresh = false) =>
      ask('list the prompts', () =>
        deps.client.send({ type: 'mcp-prompts-list', serverId, ...(fresh ? { fresh } : {}) }),
      ),
    getPrompt: (serverId, name, args) =>
      ask(`get the prompt ${name}`, () =>
        deps.client.send({ type: 'mcp-prompt-get', serverId, name, arguments: args }),
      ),
    async attachResource(serverId, uri) {
      const contents = await get().readResource(serverId, uri);
      if (contents === null) return 0;
      const blocks = resourceToBlocks(contents);
      set((state) => ({
        attachments: [
          ...state.attachments,
          ...blocks.map((block, index) => ({
            id: deps.createId(),
            label: blocks.length > 1 ? `${uri} (${index + 1})` : uri,
            block,
          })),
        ],
      }));
      return blocks.length;
    },
    removeAttachment(id) {
      set((state) => ({ attachments: state.attachments.filter((attachment) => attachment.id !== id) }));
    },
    usePrompt(prompt) {
      const blocks = prompt.messages.flatMap((message) => message.content);
      const text = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
      const images = blocks.filter((block) => block.type === 'image');
      get().updateSettings({ draft: text });
      set((state) => ({
        attachments: [
          ...state.attachments,
          ...images.map((block) => ({ id: deps.createId(), label: 'image from prompt', block })),
        ],
      }));
    },
    clearTraffic(serverId) {
      set((state) => ({ mcpTraffic: { ...state.mcpTraffic, [serverId]: [] } }));
    },
    async setServerLogLevel(serverId, level) {
      await ask('set the log level', () => deps.client.send({ type: 'mcp-log-level', serverId, level }));
    },
    readAppPage: (serverId, uri) => deps.client.send({ type: 'mcp-app-resource', serverId, uri }),
    callAppTool: (serverId, app, toolName, args) =>
      deps.client.send({ type: 'mcp-app-tool-call', serverId, ...app, toolName, arguments: args }),
    attachFromApp(id, label, text) {
      set((state) => ({
        attachments: [
          ...state.attachments.filter((attachment) => attachment.id !== id),
          { id, label, block: { type: 'text', text } },
        ],
      }));
    },
    clearLogs(serverId) {
      set((state) => ({ mcpLogs: { ...state.mcpLogs, [serverId]: [] } }));
    },
  };
}
