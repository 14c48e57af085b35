// The blocks of a round's reply in order: text (with its cited sources), thinking, and every block of the API's
// own shown for what it is — a server call with its result and the calls its code made, compaction, and any
// other block as collapsible JSON.
import { Markdown } from '../../markdown/markdown';
import { RedactedThinking } from '../redacted-thinking';
import { ApiJsonDetails } from './api-json-details';
import { CitationList } from './citation-list';
import { ServerCallView } from './server-call-view';
import { ServerResultView } from './server-result-view';
import { serverCallTitle } from './read-api-block';
import {
  answeredCallId,
  isServerCall,
  serverCallIdOf,
  type ApiBlockView,
  type ReplyGrouping,
} from './group-reply-blocks';

export function ReplyBlocks({ grouping, streaming }: { grouping: ReplyGrouping; streaming: boolean }) {
  return grouping.shown.map((view) => {
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
        return <ApiBlock key={view.index} view={view} grouping={grouping} />;
      case 'tool_use':
        return null;
    }
  });
}

function ApiBlock({ view, grouping }: { view: ApiBlockView; grouping: ReplyGrouping }) {
  const { block } = view;
  if (isServerCall(view)) {
    const id = serverCallIdOf(view) ?? '';
    const result = grouping.results.get(id);
    return (
      <ServerCallView
        call={block}
        {...(result === undefined ? {} : { result: result.block })}
        nested={grouping.nested.get(id) ?? []}
      />
    );
  }
  const answered = answeredCallId(view);
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
