// Every tool the next run can send, by server and local: switches, the count warning, edits and local tools.
import { useMemo, useState } from 'react';
import { TOOL_COUNT_WARNING_THRESHOLD } from '../../protocol/tool-settings';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass, secondaryButtonClass } from '../common/styles';
import { collectToolRows, namesTakenBesides, type ToolRow as ToolRowData } from '../../store/tools/collect-tool-rows';
import { lazyComponent } from '../common/lazy-component';
import { ToolRow } from './tool-row';
import { ToolBudget } from './tool-budget';

// The dialogs (and the JSON Schema validator they check definitions with) load when one first opens.
const EditToolDialog = lazyComponent(() => import('./edit-tool-dialog'), 'EditToolDialog');
const LocalToolDialog = lazyComponent(() => import('./local-tool-dialog'), 'LocalToolDialog');

type Editing = { kind: 'row'; row: ToolRowData } | { kind: 'new-local' } | undefined;

const createId = () => crypto.randomUUID();

export function ToolsPanel() {
  const servers = useLoupeStore((state) => state.servers);
  const serverStates = useLoupeStore((state) => state.serverStates);
  const selection = useLoupeStore((state) => state.toolSelection);
  const threshold = useLoupeStore((state) => state.settings.policies.toolCountWarning ?? TOOL_COUNT_WARNING_THRESHOLD);
  const groups = useMemo(() => collectToolRows(servers, serverStates, selection), [servers, serverStates, selection]);
  const [editing, setEditing] = useState<Editing>(undefined);
  const enabledCount = groups.reduce((sum, group) => sum + group.rows.filter((row) => row.enabled).length, 0);
  const totalCount = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const close = () => setEditing(undefined);
  const editingKey = editing?.kind === 'row' ? editing.row.key : undefined;
  const takenNames = useMemo(() => namesTakenBesides(groups, editingKey), [groups, editingKey]);

  return (
    <section aria-labelledby="tools-title" className={panelClass}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="tools-title" className={`${panelTitleClass} mb-0`}>
          Tools
        </h2>
        <span className="text-xs text-zinc-600 dark:text-zinc-400" aria-label="Tools sent">
          {enabledCount} of {totalCount} sent
        </span>
      </div>
      {enabledCount > threshold && (
        <p
          role="status"
          className="mb-2 rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {enabledCount} tools will be sent. Models choose less reliably among more than {threshold} tools; switch off
          the ones this run does not need.
        </p>
      )}
      <ToolBudget groups={groups} />
      {groups.map((group) => (
        <div key={group.id} className="mb-2">
          <h3 className="font-mono text-[11px] font-semibold text-zinc-600 dark:text-zinc-400">{group.label}</h3>
          <ul aria-label={`Tools of ${group.label}`} className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
            {group.rows.map((row) => (
              <ToolRow key={row.key} row={row} onEdit={(chosen) => setEditing({ kind: 'row', row: chosen })} />
            ))}
          </ul>
        </div>
      ))}
      {totalCount === 0 && (
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
          No tools yet: connect a server or define one here.
        </p>
      )}
      <button type="button" className={secondaryButtonClass} onClick={() => setEditing({ kind: 'new-local' })}>
        New local tool
      </button>
      {editing?.kind === 'row' && editing.row.local === undefined && (
        <EditToolDialog row={editing.row} takenNames={takenNames} onClose={close} />
      )}
      {editing?.kind === 'row' && editing.row.local !== undefined && (
        <LocalToolDialog existing={editing.row.local} takenNames={takenNames} createId={createId} onClose={close} />
      )}
      {editing?.kind === 'new-local' && <LocalToolDialog takenNames={takenNames} createId={createId} onClose={close} />}
    </section>
  );
}
