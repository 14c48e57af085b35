// Connects the extension's own host-side bridge (`@modelcontextprotocol/ext-apps/app-bridge`) to one app
// frame: Loupe's sandbox proxy page, which renders the app inside and relays the messages unchanged.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpAppResource, McpAppToolResult } from '../../protocol/mcp-app-messages';
import { safeHref } from '../markdown/safe-href';

/** The tallest an app frame grows, in CSS pixels (an app asking for more scrolls inside). */
export const MAX_APP_HEIGHT = 1600;
/** The shortest, so a page that reports 0 stays visible. */
export const MIN_APP_HEIGHT = 24;

/** Characters of one message or context an app hands the model; the rest is cut, and the cut is said. */
export const MAX_APP_TEXT_CHARS = 20_000;
/** `ui/message`s one app frame may attach while it is open; later ones are refused to the app, and said. */
export const MAX_APP_MESSAGES = 10;

/** `text` within `MAX_APP_TEXT_CHARS`, with a note where it was cut. */
function capAppText(text: string): string {
  if (text.length <= MAX_APP_TEXT_CHARS) return text;
  return `${text.slice(0, MAX_APP_TEXT_CHARS)}\n[Cut by Loupe: the app sent ${text.length.toLocaleString('en')} characters; at most ${MAX_APP_TEXT_CHARS.toLocaleString('en')} go to the model.]`;
}

/** What the frame does with the app's requests (each is Loupe's own code; the app only asks). */
export interface AppBridgeHandlers {
  /** The page to render, its policy already written in (`injectAppPolicy`). */
  html: string;
  resource: McpAppResource;
  /** The call's input and result, sent once the app says it is ready. */
  input: Record<string, unknown>;
  result: McpAppToolResult;
  hostContext: McpUiHostContext;
  onHeight: (height: number) => void;
  /** A `tools/call` from the app; resolves with the result or rejects with why it was refused. */
  callTool: (toolName: string, input: Record<string, unknown>) => Promise<McpAppToolResult>;
  /** `ui/message`: text for the model, attached to the next message. */
  onMessage: (text: string) => void;
  /** `ui/update-model-context`: the app's latest context for the model (replaces the previous one). */
  onContext: (text: string) => void;
  /** A bound the app hit (too many messages), in words for the person. */
  onNotice: (text: string) => void;
  /**
   * `ui/open-link` for an http(s) or mailto `href` (anything else is refused before): resolves true once the
   * person has confirmed the destination and the link was opened, false when they declined.
   */
  onOpenLink: (href: string) => Promise<boolean>;
}

/** The text parts of MCP content blocks an app sent (other kinds are named, not passed on). */
function textOf(blocks: readonly unknown[] | undefined): string {
  return (blocks ?? [])
    .map((block) => {
      const part = block as { type?: unknown; text?: unknown };
      return part.type === 'text' && typeof part.text === 'string' ? part.text : `[${String(part.type)} part left out]`;
    })
    .join('\n');
}

/**
 * Creates the bridge, installs Loupe's handlers and connects it to `frame` (before the frame loads the
 * sandbox page, so its first message is heard). Returns a function that closes the bridge.
 */
export async function connectAppBridge(frame: Window, handlers: AppBridgeHandlers): Promise<() => void> {
  const bridge = new AppBridge(
    null,
    { name: 'Loupe', version: '1' },
    {
      openLinks: {},
      serverTools: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      ...(handlers.resource.csp === undefined ? {} : { sandbox: { csp: handlers.resource.csp } }),
    },
    { hostContext: handlers.hostContext },
  );
  bridge.onsandboxready = () => {
    void bridge.sendSandboxResourceReady({
      html: handlers.html,
      sandbox: 'allow-scripts',
      ...(handlers.resource.csp === undefined ? {} : { csp: handlers.resource.csp }),
    });
  };
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: handlers.input });
    void bridge.sendToolResult(handlers.result as Parameters<AppBridge['sendToolResult']>[0]);
  };
  bridge.onsizechange = ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height))
      handlers.onHeight(Math.min(MAX_APP_HEIGHT, Math.max(MIN_APP_HEIGHT, Math.ceil(height))));
  };
  bridge.oncalltool = async (params) =>
    (await handlers.callTool(params.name, params.arguments ?? {})) as Awaited<ReturnType<AppBridge['callTool']>>;
  // Each message becomes an attachment the person must read and the model is sent: a flood is cut off.
  let messages = 0;
  bridge.onmessage = (params) => {
    messages += 1;
    if (messages > MAX_APP_MESSAGES) {
      if (messages === MAX_APP_MESSAGES + 1)
        handlers.onNotice(`The app sent more than ${MAX_APP_MESSAGES} messages for the model; Loupe refused the rest.`);
      return Promise.resolve({ isError: true });
    }
    handlers.onMessage(capAppText(textOf(params.content)));
    return Promise.resolve({});
  };
  bridge.onupdatemodelcontext = (params) => {
    const parts = [textOf(params.content)];
    if (params.structuredContent !== undefined) parts.push(JSON.stringify(params.structuredContent));
    handlers.onContext(capAppText(parts.filter((part) => part !== '').join('\n')));
    return Promise.resolve({});
  };
  bridge.onopenlink = async ({ url }) => {
    // Only http(s) and mailto, and only after the person has seen where it goes and said yes.
    const href = safeHref(url);
    if (href === undefined) return { isError: true };
    return (await handlers.onOpenLink(href)) ? {} : { isError: true };
  };
  bridge.onrequestdisplaymode = () => Promise.resolve({ mode: 'inline' as const });
  bridge.onloggingmessage = () => {};
  await bridge.connect(new PostMessageTransport(frame, frame));
  return () => {
    void bridge.close();
  };
}
