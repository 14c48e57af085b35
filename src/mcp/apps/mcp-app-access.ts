// What an MCP App of one server may reach through Loupe: its own `ui://` page and the tools marked for apps.
import { z } from 'zod';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { ToolRunContext } from '../../engine/tool/tool';
import type { McpAppCsp, McpAppResource, McpAppToolResult } from '../../protocol/mcp-app-messages';
import { isVisibleToApps } from '../../shared/mcp-tool-visibility';
import type { Client } from '../sdk/mcp-sdk-client';
import { readToolApp } from './read-tool-app';
import { createCallStreamNotes } from '../session/call-stream-notes';
import { writeCallLog } from '../server-requests/write-call-log';
import { describeTooDeep, MAX_JSON_DEPTH, measureValueDepth } from '../../shared/json-depth';

/** The largest app page Loupe renders (characters of HTML). */
export const MAX_APP_HTML_CHARS = 5_000_000;
/** The largest result of an app's own tool call handed back to it (characters of JSON). */
export const MAX_APP_RESULT_CHARS = 10_000_000;

/** Refused app requests (a page that is not the server's, a tool not marked for apps, a bad resource). */
export class McpAppRefusedError extends Error {
  override readonly name = 'McpAppRefusedError';
}

/** MCP Apps requests on one connection. */
export interface McpAppAccess {
  /** Reads `uri` if it is the `ui://` page of one of the server's tools, with its `_meta.ui` (csp, permissions). */
  readPage(uri: string): Promise<McpAppResource>;
  /**
   * `tools/call` for an app; only a tool of this server whose visibility includes `app`. With `run` (the
   * engine's context of the call): its signal aborts the request (the SDK sends `notifications/cancelled`),
   * progress notifications reach `run.onProgress` and restart the idle timeout, the server's log messages
   * while it runs reach `run.log`, and `run.deadline` replaces `timeoutMs` (with a margin, so the engine's
   * own timer, which names the limit, fires first). An abort or timeout rejects.
   */
  callTool(
    toolName: string,
    input: Record<string, unknown>,
    timeoutMs: number,
    run?: ToolRunContext,
  ): Promise<McpAppToolResult>;
}

/** Margin over the engine's own timers, as for a model's call (`call-mcp-tool.ts`). */
const backstopMarginMs = 1_000;

type WithSession = <T>(request: (client: Client) => Promise<T>) => Promise<T>;

const anyResult = z.record(z.string(), z.unknown());
// Each field on its own: one malformed list drops that list only, never the rest of the page's settings.
const domains = z.array(z.string().max(2048)).max(100).optional().catch(undefined);
const uiMeta = z
  .object({
    csp: z
      .object({
        connectDomains: domains,
        resourceDomains: domains,
        frameDomains: domains,
        baseUriDomains: domains,
      })
      .optional()
      .catch(undefined),
    permissions: z.record(z.string(), z.unknown()).optional().catch(undefined),
    prefersBorder: z.boolean().optional().catch(undefined),
  })
  .catch({});

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function readUiMeta(meta: unknown): {
  csp?: McpAppCsp;
  permissions?: Record<string, unknown>;
  prefersBorder?: boolean;
} {
  const ui = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)['ui'] : undefined;
  const parsed = uiMeta.parse(ui ?? {});
  const csp: McpAppCsp = {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list = parsed.csp?.[key];
    if (list !== undefined) csp[key] = list;
  }
  return {
    ...(parsed.csp === undefined ? {} : { csp }),
    ...(parsed.permissions === undefined ? {} : { permissions: parsed.permissions }),
    ...(parsed.prefersBorder === undefined ? {} : { prefersBorder: parsed.prefersBorder }),
  };
}

/**
 * App access over whichever session `withSession` runs on; `listedTools` is read afresh on every request. A call
 * with a run context hears the server's logs about that call (session/deliver-call-logs.ts).
 */
export function createMcpAppAccess(
  withSession: WithSession,
  listedTools: () => readonly McpToolDefinition[],
  timeoutMs: number,
): McpAppAccess {
  return {
    async readPage(uri) {
      if (!listedTools().some((tool) => readToolApp(tool)?.resourceUri === uri))
        throw new McpAppRefusedError(`${uri} is not the page of any tool of this server.`);
      const result = await withSession((client) =>
        client.request({ method: 'resources/read', params: { uri } }, anyResult, { timeout: timeoutMs }),
      );
      const contents = Array.isArray(result['contents']) ? (result['contents'] as unknown[]) : [];
      const part =
        contents.find(
          (item): item is Record<string, unknown> =>
            typeof item === 'object' && item !== null && (item as { uri?: unknown }).uri === uri,
        ) ?? (contents[0] as Record<string, unknown> | undefined);
      if (part === undefined) throw new McpAppRefusedError(`The server returned no content for ${uri}.`);
      const mimeType = typeof part['mimeType'] === 'string' ? part['mimeType'] : '';
      if (mimeType !== '' && !mimeType.toLowerCase().startsWith('text/html'))
        throw new McpAppRefusedError(`${uri} is ${mimeType}, not an HTML page.`);
      let html: string;
      if (typeof part['text'] === 'string') html = part['text'];
      else if (typeof part['blob'] === 'string') {
        try {
          html = decodeBase64(part['blob']);
        } catch {
          throw new McpAppRefusedError(`${uri} is not valid base64.`);
        }
      } else throw new McpAppRefusedError(`${uri} has neither text nor blob.`);
      if (html.length > MAX_APP_HTML_CHARS)
        throw new McpAppRefusedError(
          `${uri} is ${html.length.toLocaleString('en')} characters; Loupe renders at most ${MAX_APP_HTML_CHARS.toLocaleString('en')}.`,
        );
      return { uri, html, ...readUiMeta(part['_meta']) };
    },
    async callTool(toolName, input, callTimeoutMs, run) {
      const definition = listedTools().find((tool) => tool.name === toolName);
      if (definition === undefined) throw new McpAppRefusedError(`This server has no tool "${toolName}".`);
      if (!isVisibleToApps(readToolApp(definition)))
        throw new McpAppRefusedError(`"${toolName}" is not marked for apps (its visibility leaves out "app").`);
      const total = run?.deadline?.maxTotalMs;
      const send = (client: Client) =>
        client.request({ method: 'tools/call', params: { name: toolName, arguments: input } }, anyResult, {
          timeout: run?.deadline === undefined ? callTimeoutMs : run.deadline.idleMs + backstopMarginMs,
          ...(total === undefined ? {} : { maxTotalTimeout: total + backstopMarginMs }),
          ...(run === undefined
            ? {}
            : {
                signal: run.signal,
                onresumptiontoken: createCallStreamNotes({ onLog: (entry) => writeCallLog(run, entry) })
                  .onresumptiontoken,
                resetTimeoutOnProgress: true,
                onprogress: ({ progress, total: of, message }) =>
                  run.onProgress({
                    progress,
                    ...(of === undefined ? {} : { total: of }),
                    ...(message === undefined ? {} : { message }),
                  }),
              }),
        });
      const result = await withSession(send);
      // Measured without recursion first: a result nested deep enough would break `JSON.stringify` itself.
      if (measureValueDepth(result, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
        return {
          content: [{ type: 'text', text: describeTooDeep('The result', MAX_JSON_DEPTH) }],
          isError: true,
        };
      if (JSON.stringify(result).length > MAX_APP_RESULT_CHARS)
        return {
          content: [
            {
              type: 'text',
              text: `The result was larger than ${MAX_APP_RESULT_CHARS.toLocaleString('en')} characters.`,
            },
          ],
          isError: true,
        };
      const content = Array.isArray(result['content']) ? (result['content'] as unknown[]) : [];
      return {
        content,
        ...(result['structuredContent'] === undefined ? {} : { structuredContent: result['structuredContent'] }),
        ...(result['isError'] === true ? { isError: true } : {}),
      };
    },
  };
}
