// A call the API ran itself (a server tool, or a tool of an MCP connector server), with its result and the calls
// its code made to Loupe's tools (programmatic tool calling), which Loupe ran like any call.
import type { ApiJsonObject } from '../../../engine/message/message';
import type { ToolCallView } from '../../../store/run-view';
import { ToolCallItem } from '../tool-call-item';
import { serverCallSubject, serverCallTitle } from './read-api-block';
import { ServerResultView } from './server-result-view';

type Block = ApiJsonObject & { type: string };

export function ServerCallView({
  call,
  result,
  nested,
}: {
  call: Block;
  result?: Block;
  nested: readonly ToolCallView[];
}) {
  const title = serverCallTitle(call);
  const subject = serverCallSubject(call);
  const toolName = call.type === 'mcp_tool_use' && typeof call.name === 'string' ? call.name : undefined;
  return (
    <section
      aria-label={title}
      className="space-y-2 rounded-md border border-sky-200 bg-sky-50/40 p-2 dark:border-sky-900 dark:bg-sky-950/20"
    >
      <p className="text-xs">
        <span className="font-medium">{title}</span>
        {toolName !== undefined && <span className="font-mono"> · {toolName}</span>}
        <span className="text-zinc-600 dark:text-zinc-400"> · run by the API</span>
      </p>
      {subject !== undefined &&
        (subject.code ? (
          <pre
            aria-label={subject.label}
            className="max-h-48 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-950"
          >
            {subject.value}
          </pre>
        ) : (
          <p className="text-xs">
            <span className="text-zinc-600 dark:text-zinc-400">{subject.label} </span>
            <span aria-label={subject.label} className="font-mono">
              {subject.value}
            </span>
          </p>
        ))}
      {toolName !== undefined && subject === undefined && (
        <pre className="font-mono text-xs whitespace-pre-wrap">{JSON.stringify(call.input ?? {}, null, 2)}</pre>
      )}
      {nested.length > 0 && (
        <ul aria-label="Calls made from code" className="space-y-2 border-l-2 border-sky-300 pl-2 dark:border-sky-800">
          {nested.map((toolCall) => (
            <ToolCallItem key={toolCall.callId} call={toolCall} />
          ))}
        </ul>
      )}
      {result === undefined ? (
        <p className="text-xs text-zinc-600 italic dark:text-zinc-400">
          No result in this round: the API paused, or its code waits on the calls above.
        </p>
      ) : (
        <ServerResultView block={result} />
      )}
    </section>
  );
}
