// A new engine worker after a crash knows nothing: reconnect the servers and reopen the session from its checkpoint.
import type { ServerState } from '../protocol/server-status';
import { describeError } from './loupe-state';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from './loupe-state';
import { ENGINE_RESTARTED_NOTICE } from './mark-engine-crash';
import { restoreSignIn } from './persist-oauth';

/**
 * Hands every configured server to the new worker (with its remembered sign-in), then reopens the current
 * session's shown run from storage — as after a reload: a run held at a pause goes on from it, any other
 * unfinished run is shown as interrupted with its history ready to continue. Ends with a plain notice.
 */
export async function recoverAfterRestart(
  get: GetLoupeState,
  set: SetLoupeState,
  deps: Pick<SliceDependencies, 'client' | 'storage'>,
): Promise<void> {
  const setState = (state: ServerState) =>
    set((store) => ({ serverStates: { ...store.serverStates, [state.serverId]: state } }));
  for (const server of get().servers) {
    setState({ serverId: server.id, status: 'connecting', tools: [] });
    restoreSignIn(deps, server);
    deps.client.send({ type: 'server-add', server }).catch((error: unknown) =>
      setState({
        serverId: server.id,
        status: 'error',
        tools: [],
        problem: { kind: 'unknown', message: describeError(error), hint: 'Press Reconnect.' },
      }),
    );
  }
  try {
    await get().reopenAfterRestart();
    get().pushAlert(ENGINE_RESTARTED_NOTICE);
  } catch (error) {
    get().pushAlert(`The engine was restarted, but the session could not be restored: ${describeError(error)}`);
  }
}
