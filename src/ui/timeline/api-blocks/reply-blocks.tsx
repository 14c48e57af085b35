// The blocks of a round's reply in order: text (with its cited sources), thinking, and every block of the API's
// own shown for what it is — a server call with its result and the calls its code made, compaction, and any
// other block as collapsible JSON.
import type { AssistantBlockView, RoundView } from '../../../store/run-view';
import { Markdown } from '../../markdown/markdown';
import { RedactedThinking } from '../redacted-thinking';
import { ApiJsonDetails } from './api-json-details';
import { CitationList } from './citation-list';
import { ServerCallView } from './server-call-view';
import { ServerResultView } from './server-result-view';
import { serverCallTitle } from './read-api-block';

type ApiView = Extract<AssistantBlockView, { kind: 'api' }>;

const isCall = (view: AssistantBlockView): view is ApiView =>
  view.kind === 'api' && (view.block.type === 'server_tool_use' || view.block.type === 'mcp_tool_use');
const idOf = (view: ApiView): string | undefined => (typeof view.block.id === 'string' ? view.block.id : undefined);
const answers = (view: AssistantBlockView): string | undefined => {
  if (view.kind !== 'api' || view.block.type === 'server_tool_use' || view.block.type === 'mcp_tool_use')
    return undefined;
  return typeof view.block.tool_use_id === 'string' ? view.block.tool_use_id : undefined;
};

/** The ids of the server calls of `round` (their code's tool calls are shown nested under them). */
export function serverCallIds(round: RoundView): Set<string> {
  const ids = new Set<string>();
  for (const view of round.blocks) if (isCall(view) && idOf(view) !== undefined) ids.add(idOf(view)!);
  return ids;
}

export function ReplyBlocks({ round, streaming }: { round: RoundView; streaming: boolean }) {
  const calls = serverCallIds(round);
  const results = new Map<string, ApiView>();
  for (const view of round.blocks) {
    const id = answers(view);
    if (id !== undefined && calls.has(id) && !results.has(id)) results.set(id, view as ApiView);
  }
  const shownWithCall = new Set<AssistantBlockView>(results.values());
  return round.blocks.map((view) => {
    if (view.kind === 'tool_use' || shownWithCall.has(view)) return null;
    switch (view.kind) {
      case 'redacted_thinking':
        return <RedactedThinking key={view.index} characters={view.characters} />;
      case 'thinking':
        return (
          <details key={view.index} className="text-xs text-zinc-600 dark:text-zinc-400">
            <summary className="cursor-pointer select-none">Thinking</summary>
            <p className="mt-1 whitespace-pre-wrap">{view.text}</p>
          </details>
        );
      case 'text':
        return (
          <div key={view.index} className="text-sm leading-relaxed text-zinc-800 dark:text-zinc-200">
            <Markdown text={view.text} streaming={streaming} />
            {view.citations !== undefined && <CitationList citations={view.citations} />}
          </div>
        );
      case 'api':
        return <ApiBlockView key={view.index} view={view} round={round} result={results.get(idOf(view) ?? '')} />;
    }
  });
}

function ApiBlockView({ view, round, result }: { view: ApiView; round: RoundView; result: ApiView | undefined }) {
  const { block } = view;
  if (isCall(view)) {
    const id = idOf(view);
    const nested = id === undefined ? [] : round.toolCalls.filter((call) => call.callerId === id);
    return <ServerCallView call={block} {...(result === undefined ? {} : { result: result.block })} nested={nested} />;
  }
  const answered = answers(view);
  if (answered !== undefined) {
    // Its call is in an earlier round (code that waited on Loupe's tool results ends here).
    return (
      <section
        aria-label={`${serverCallTitle({ type: 'server_tool_use', name: block.type.replace(/_tool_result$/, '') })} result`}
        className="space-y-1 rounded-md border border-sky-200 p-2 dark:border-sky-900"
      >
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Result of {answered} · run by the API</p>
        <ServerResultView block={block} />
      </section>
    );
  }
  if (block.type === 'compaction') {
    return (
      <details className="text-xs text-zinc-700 dark:text-zinc-300">
        <summary className="cursor-pointer select-none">Compaction by the API</summary>
        <p className="mt-1 whitespace-pre-wrap">
          {typeof block.content === 'string' ? block.content : 'The API compacted the context (no readable summary).'}
        </p>
      </details>
    );
  }
  return <ApiJsonDetails block={block} />;
}
