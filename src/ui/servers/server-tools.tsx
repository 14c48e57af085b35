// A server's tools as the model sees them: exposed name, with the description and schema on expand.
import type { ServerToolInfo } from '../../protocol/server-status';
import { monoBlockClass } from '../common/styles';
import { isVisibleToModel } from '../../shared/mcp-tool-visibility';
import { revealHiddenCharacters } from '../../shared/reveal-hidden-characters';

export function ServerTools({ tools }: { tools: ServerToolInfo[] }) {
  if (tools.length === 0) return null;
  return (
    // Not a list: a nested list would add listitems inside each server item of the "Servers" list.
    <div className="mt-2 space-y-1">
      {tools.map((tool) => (
        <details key={tool.exposedName} className="text-xs">
          <summary className="cursor-pointer font-mono text-zinc-700 select-none hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white">
            {tool.exposedName}
            {tool.readOnly && (
              <span className="ml-1.5 text-[10px] text-zinc-600 dark:text-zinc-400 uppercase">read-only</span>
            )}
            {tool.app?.resourceUri !== undefined && (
              <span className="ml-1.5 text-[10px] text-zinc-600 dark:text-zinc-400 uppercase">app</span>
            )}
            {!isVisibleToModel(tool.app) && (
              <span className="ml-1.5 text-[10px] text-zinc-600 dark:text-zinc-400 uppercase">
                app only, not sent to the model
              </span>
            )}
          </summary>
          <div className="mt-1 space-y-1 pl-3">
            <p className="text-zinc-600 dark:text-zinc-400">
              {tool.description === '' ? 'No description.' : revealHiddenCharacters(tool.description)}
            </p>
            <pre className={monoBlockClass}>{JSON.stringify(tool.inputSchema, null, 2)}</pre>
          </div>
        </details>
      ))}
    </div>
  );
}
