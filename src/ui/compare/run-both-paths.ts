// One prompt run twice, one server's path chosen per side (the MCP connector or the browser), one run after the
// other, so Compare can set the two paths side by side. The runs are the session's own: each named by its path.
import type { LoupeStore } from '../../store/create-loupe-store';

export type ServerPath = 'api' | 'browser';

/** What each side is called, in the run's name and the form. */
export const PATH_WORDS: Record<ServerPath, string> = {
  api: 'through the API (MCP connector)',
  browser: 'through the browser',
};

export interface BothPathsChoice {
  serverId: string;
  serverName: string;
  prompt: string;
  left: ServerPath;
  right: ServerPath;
}

/** Resolves when run `runId` has ended (true), or when the shown run is another one (false: it was left). */
function waitForEnd(store: LoupeStore, runId: string): Promise<boolean> {
  return new Promise((resolve) => {
    let stop = () => {};
    const check = () => {
      const { runView } = store.getState();
      if (runView.runId === runId && runView.phase !== 'ended') return false;
      stop();
      resolve(runView.runId === runId);
      return true;
    };
    if (!check()) stop = store.subscribe(() => void check());
  });
}

/**
 * Runs `choice.prompt` on the left path, then (once it ended) on the right one; `onStatus` hears what is going on.
 * Resolves with the two run ids, or a sentence saying why it stopped (a run did not start, another run took over).
 */
export async function runBothPaths(
  store: LoupeStore,
  choice: BothPathsChoice,
  onStatus: (text: string) => void,
  /** True once the person left (the dialog closed): the right side then does not start. */
  isLeft: () => boolean = () => false,
): Promise<{ left: string; right: string } | string> {
  const ids: string[] = [];
  for (const [side, path] of [
    ['left', choice.left],
    ['right', choice.right],
  ] as const) {
    if (isLeft()) return 'Stopped: the comparison was closed before the right side ran.';
    onStatus(`Running the ${side} side: ${choice.serverName} ${PATH_WORDS[path]}…`);
    const runId = await store.getState().run({
      message: choice.prompt,
      serverPaths: { [choice.serverId]: path },
      label: `${choice.serverName} ${path === 'api' ? 'via the API' : 'via the browser'}: ${choice.prompt}`,
    });
    if (runId === undefined) return `The ${side} side did not start (see the alerts).`;
    if (!(await waitForEnd(store, runId))) return `The ${side} side was left for another run.`;
    ids.push(runId);
  }
  const [left = '', right = ''] = ids;
  return { left, right };
}
