// A result block of the API's own tools, shown for what it is: search results, a fetched page, a code run's
// output and files, the tools a tool search found, an MCP connector result.
import type { ApiJsonObject } from '../../../engine/message/message';
import { ApiJsonDetails } from './api-json-details';
import {
  readCodeResult,
  readFetch,
  readMcpResult,
  readSearchResults,
  readToolReferences,
  resultError,
} from './read-api-block';

const preClass =
  'mt-1 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-zinc-950';

export function ServerResultView({ block }: { block: ApiJsonObject & { type: string } }) {
  const error = resultError(block.content);
  if (error !== undefined) return <p className="text-xs text-red-700 dark:text-red-400">Error: {error}</p>;
  switch (block.type) {
    case 'web_search_tool_result':
      return <SearchResults block={block} />;
    case 'web_fetch_tool_result': {
      const fetched = readFetch(block.content);
      return (
        <div aria-label="Fetched document" className="text-xs">
          <p>
            {fetched.title ?? fetched.url}
            {fetched.retrievedAt !== undefined && (
              <span className="text-zinc-500"> · retrieved {fetched.retrievedAt}</span>
            )}
          </p>
          <pre className={preClass}>{fetched.body}</pre>
        </div>
      );
    }
    case 'code_execution_tool_result':
    case 'bash_code_execution_tool_result':
    case 'text_editor_code_execution_tool_result': {
      const run = readCodeResult(block.content);
      return (
        <div aria-label="Code output" className="space-y-1 text-xs">
          {run.returnCode !== undefined && <p>return code {run.returnCode}</p>}
          {run.stdout !== '' && (
            <pre aria-label="stdout" className={preClass}>
              {run.stdout}
            </pre>
          )}
          {run.stderr !== '' && (
            <pre aria-label="stderr" className={`${preClass} text-red-700 dark:text-red-400`}>
              {run.stderr}
            </pre>
          )}
          {run.editor !== undefined && <pre className={preClass}>{run.editor}</pre>}
          {run.files.length > 0 && (
            <ul aria-label="Files" className="font-mono">
              {run.files.map((file) => (
                <li key={file}>{file}</li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    case 'tool_search_tool_result': {
      const found = readToolReferences(block.content);
      return (
        <ul aria-label="Tools found" className="font-mono text-xs">
          {found.length === 0 ? <li>(no tools found)</li> : found.map((name) => <li key={name}>{name}</li>)}
        </ul>
      );
    }
    case 'mcp_tool_result': {
      const result = readMcpResult(block);
      return (
        <pre
          aria-label="MCP result"
          className={`${preClass} ${result.isError ? 'text-red-700 dark:text-red-400' : ''}`}
        >
          {result.isError ? `Error: ${result.text}` : result.text}
        </pre>
      );
    }
    default:
      return <ApiJsonDetails block={block} />;
  }
}

function SearchResults({ block }: { block: ApiJsonObject }) {
  const results = readSearchResults(block.content);
  return (
    <ol aria-label="Search results" className="list-decimal space-y-0.5 pl-5 text-xs">
      {results.map((result, position) => (
        <li key={position}>
          {result.href === undefined ? (
            <span>{result.title}</span>
          ) : (
            <a
              href={result.href}
              target="_blank"
              rel="noopener noreferrer"
              className="text-blue-700 underline dark:text-blue-400"
            >
              {result.title}
            </a>
          )}
          <span className="text-zinc-500"> {result.url}</span>
          {result.pageAge !== undefined && <span className="text-zinc-500"> · {result.pageAge}</span>}
        </li>
      ))}
    </ol>
  );
}
