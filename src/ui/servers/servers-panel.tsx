// MCP servers: the add form and the list of connected servers.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass } from '../common/styles';
import { AddServerForm } from './add-server-form';
import { ImportServersForm } from './import-servers-form';
import { ServerItem } from './server-item';

export function ServersPanel() {
  const servers = useLoupeStore((state) => state.servers);
  const serverStates = useLoupeStore((state) => state.serverStates);

  return (
    <section aria-labelledby="servers-title" className={panelClass}>
      <h2 id="servers-title" className={panelTitleClass}>
        MCP servers
      </h2>
      <AddServerForm />
      <ImportServersForm />
      <ul aria-label="Servers" className="mt-4 space-y-2">
        {servers.map((server) => (
          <ServerItem key={server.id} server={server} state={serverStates[server.id]} />
        ))}
      </ul>
      {servers.length === 0 && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">No servers yet. The model gets no tools.</p>
      )}
    </section>
  );
}
