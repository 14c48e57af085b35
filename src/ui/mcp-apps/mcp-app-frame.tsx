// An MCP App in the timeline, under the call that returned it: the server's `ui://` page in a sandboxed
// frame on an opaque origin (Loupe's sandbox proxy page, `sandbox="allow-scripts"`, never
// allow-same-origin), sized to its content, with the calls it makes listed below it.
import { useEffect, useRef, useState } from 'react';
import type { ToolCallView } from '../../store/run-view';
import type { McpAppResource } from '../../protocol/mcp-app-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { buildAppPolicy, injectAppPolicy } from './build-app-page';
import { connectAppBridge } from './connect-app-bridge';
import { toAppResult } from '../../shared/to-app-result';
import { smallButtonClass } from '../common/styles';
import { AppCallList } from './app-call-list';
import { AppLinkRequest, type PendingAppLink } from './app-link-request';
import { useAppCalls } from './use-app-calls';

/** Loupe's sandbox proxy page (public/), served with its own policy: `sandbox allow-scripts`. */
const sandboxPage = '/mcp-app-sandbox.html';

/** What a recorded run's app is answered when it calls a tool. */
const refuseRecordedCall = (): Promise<never> =>
  Promise.reject(new Error('This run is a recording (imported or restored): its app may not call tools.'));

type Page = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; resource: McpAppResource };

export function McpAppFrame({
  call,
  serverId,
  resourceUri,
}: {
  call: ToolCallView;
  serverId: string;
  resourceUri: string;
}) {
  const readAppPage = useLoupeStore((state) => state.readAppPage);
  // A run whose events did not come live to this page (imported, restored) is a recording: its app starts only
  // when the person asks, and may call no tools (the worker refuses too).
  const recorded = useLoupeStore((state) => state.runView.runId === null || !state.liveRunIds.has(state.runView.runId));
  const [started, setStarted] = useState(!recorded);
  const attachFromApp = useLoupeStore((state) => state.attachFromApp);
  const [page, setPage] = useState<Page>({ state: 'loading' });
  const [height, setHeight] = useState(160);
  const [connected, setConnected] = useState(false);
  const [bridgeNotice, setBridgeNotice] = useState<string | undefined>(undefined);
  const [link, setLink] = useState<PendingAppLink | undefined>(undefined);
  const linkRef = useRef<PendingAppLink | undefined>(undefined);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { calls, callTool: callLive, notice } = useAppCalls(serverId, call.callId, call.name);
  const callTool = recorded ? refuseRecordedCall : callLive;

  useEffect(() => {
    if (!started) return;
    let live = true;
    readAppPage(serverId, resourceUri).then(
      (resource) => live && setPage({ state: 'ready', resource }),
      (error: unknown) =>
        live && setPage({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [readAppPage, serverId, resourceUri, started]);

  const resource = page.state === 'ready' ? page.resource : undefined;
  const serverUrl = useLoupeStore((state) => state.servers.find((server) => server.id === serverId)?.url);
  const { policy, refused } = buildAppPolicy(resource?.csp, serverUrl);
  const input = call.input;
  const content = call.content;
  const isError = call.isError;
  const structured = call.structuredContent;
  const name = call.name;
  const callId = call.callId;

  useEffect(() => {
    const frame = frameRef.current?.contentWindow;
    if (resource === undefined || frame === null || frame === undefined) return;
    let close: (() => void) | undefined;
    let live = true;
    const dark = document.documentElement.classList.contains('dark');
    void connectAppBridge(frame, {
      html: injectAppPolicy(resource.html, policy),
      resource,
      input: input ?? {},
      result: toAppResult(content, isError, structured),
      hostContext: {
        theme: dark ? 'dark' : 'light',
        displayMode: 'inline',
        availableDisplayModes: ['inline'],
        platform: 'web',
        containerDimensions: { maxHeight: 1600 },
      },
      onHeight: setHeight,
      callTool,
      onMessage: (text) =>
        attachFromApp(
          `app-message:${callId}:${Date.now()}`,
          `Message from the app ${name}`,
          `Message from the app ${name}:\n${text}`,
        ),
      onContext: (text) =>
        attachFromApp(
          `app-context:${callId}`,
          `Context from the app ${name}`,
          `Context from the app ${name}:\n${text}`,
        ),
      onNotice: setBridgeNotice,
      onOpenLink: (href) =>
        new Promise<boolean>((resolve) => {
          // One question at a time: a link asked for while another waits is declined, not queued.
          if (linkRef.current !== undefined) return resolve(false);
          const pending: PendingAppLink = {
            href,
            answer: (open) => {
              linkRef.current = undefined;
              setLink(undefined);
              resolve(open);
            },
          };
          linkRef.current = pending;
          setLink(pending);
        }),
    }).then((closeBridge) => {
      if (!live) return closeBridge();
      close = closeBridge;
      setConnected(true);
    });
    return () => {
      live = false;
      close?.();
      setConnected(false);
      linkRef.current?.answer(false);
    };
  }, [resource, policy, input, content, isError, structured, name, callId, attachFromApp, callTool]);

  if (!started)
    return (
      <div className="mt-3">
        <p className="mb-1 text-[10px] font-semibold tracking-wide text-zinc-600 dark:text-zinc-400 uppercase">App</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span>
            This run was recorded elsewhere or before a reload: the app of {name} starts only when you ask, shows the
            recorded data and may not call its server&apos;s tools.
          </span>
          <button type="button" className={smallButtonClass} onClick={() => setStarted(true)}>
            Start the app
          </button>
        </div>
        <AppCallList appName={name} calls={calls} {...(notice === undefined ? {} : { notice })} />
      </div>
    );
  if (page.state === 'error')
    return (
      <p role="alert" className="mt-3 text-xs text-red-700 dark:text-red-400">
        The app of {name} could not be shown: {page.message}
      </p>
    );
  return (
    <div className="mt-3">
      <p className="mb-1 text-[10px] font-semibold tracking-wide text-zinc-600 dark:text-zinc-400 uppercase">App</p>
      {page.state === 'loading' && <p className="text-xs text-zinc-600 dark:text-zinc-400 italic">Loading the app…</p>}
      {resource !== undefined && (
        <iframe
          ref={frameRef}
          title={`App: ${name}`}
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          {...(connected ? { src: sandboxPage } : {})}
          style={{ height }}
          className={`block w-full rounded-md bg-white dark:bg-zinc-950 ${resource.prefersBorder === false ? '' : 'border border-zinc-200 dark:border-zinc-800'}`}
        />
      )}
      {refused.length > 0 && (
        <div
          role="note"
          aria-label="Left out of the app's policy"
          className="mt-1 text-xs text-amber-700 dark:text-amber-400"
        >
          Left out of the app&apos;s policy:
          <ul className="ml-4 list-disc">
            {refused.map(({ value, reason }, index) => (
              <li key={index} className="[overflow-wrap:anywhere]">
                <span className="font-mono">{value}</span> — {reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {link !== undefined && <AppLinkRequest appName={name} link={link} />}
      {bridgeNotice !== undefined && <p className="mt-1 text-xs text-amber-700 dark:text-amber-400">{bridgeNotice}</p>}
      <AppCallList appName={name} calls={calls} {...(notice === undefined ? {} : { notice })} />
    </div>
  );
}
