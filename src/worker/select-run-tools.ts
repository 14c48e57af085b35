// The tools one run sends: the servers' tools after the person's overrides and switches, plus local tools.
import type { Tool } from '../engine/tool/tool';
import { PROTOCOL_VERSION, type WorkerMessage } from '../protocol/messages';
import type { ToolSelection } from '../protocol/tool-settings';
import { applyToolSelection } from './apply-tool-selection';
import { createLocalTool } from './local-tools/create-local-tool';
import type { RunHandler } from './local-tools/run-in-sandbox';

const noSandbox: RunHandler = () =>
  Promise.reject(new Error('JavaScript handlers cannot run here: this engine has no sandbox.'));

/** Applies `selection`; anything left out is told to the person as a notice, never dropped silently. */
export function selectRunTools(
  serverTools: Tool[],
  selection: ToolSelection | undefined,
  deps: { post: (message: WorkerMessage) => void; runLocalHandler?: RunHandler },
): Tool[] {
  const runHandler = deps.runLocalHandler ?? noSandbox;
  const { tools, problems } = applyToolSelection(serverTools, selection, (definition) =>
    createLocalTool(definition, runHandler),
  );
  for (const message of problems) deps.post({ v: PROTOCOL_VERSION, type: 'notice', message });
  return tools;
}
