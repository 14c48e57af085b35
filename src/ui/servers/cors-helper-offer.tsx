// After a CORS failure of a server on this machine, offers the CORS helper of Loupe's dev/preview server —
// never used silently. One click starts the helper, takes its per-start token and reconnects through it.
import { useEffect, useState } from 'react';
import type { ConnectionProblem } from '../../protocol/server-status';
import type { ServerConfig } from '../../protocol/settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';
import {
  HELPER_TOKEN_HEADER,
  helperUrlFor,
  isCorsHelperAvailable,
  isLoopbackUrl,
  requestCorsHelper,
  unwrapHelperUrl,
} from './cors-helper-endpoint';

function useCorsHelperAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    void isCorsHelperAvailable().then((value) => {
      if (live) setAvailable(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return available;
}

export function CorsHelperOffer({ server, problem }: { server: ServerConfig; problem: ConnectionProblem['kind'] }) {
  const editServer = useLoupeStore((state) => state.editServer);
  const available = useCorsHelperAvailable();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const target = unwrapHelperUrl(server.url);
  const throughHelper = target !== server.url;
  // The helper reaches servers on this machine only; after a reload its token (kept in memory) is gone.
  if (!available || !isLoopbackUrl(target)) return null;
  if (!throughHelper && problem !== 'cors' && problem !== 'session-hidden') return null;

  const connect = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const grant = await requestCorsHelper();
      const { [HELPER_TOKEN_HEADER]: _old, ...headers } = server.headers;
      await editServer(server.id, {
        name: server.name,
        url: helperUrlFor(grant.url, target),
        headers: { ...headers, [HELPER_TOKEN_HEADER]: grant.token },
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The CORS helper did not start.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-1.5 text-red-900 dark:text-red-200">
      <p>
        {throughHelper
          ? 'This server is reached through the CORS helper, which needs its token again (it is never saved).'
          : 'Loupe’s CORS helper can reach this server for you: it relays to servers on this machine only, for this Loupe only.'}
      </p>
      <button type="button" className={`${smallButtonClass} mt-1`} disabled={busy} onClick={() => void connect()}>
        {throughHelper ? 'Reconnect through the CORS helper' : 'Connect through the CORS helper'}
      </button>
      {failure !== undefined && <p className="mt-1">{failure}</p>}
    </div>
  );
}
