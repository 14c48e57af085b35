// The prompt: system prompt, the user's message, and Run / Stop. Ctrl/Cmd+Enter runs.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, panelClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import { lazyComponent } from '../common/lazy-component';

// Shown only after Run was refused for the tool list: it loads with the checks it shares with the Tools tab.
const RunToolLimits = lazyComponent(() => import('./run-tool-limits'), 'RunToolLimits');

/** The Message box's id: the skip link at the top of the page goes there. */
export const MESSAGE_FIELD_ID = 'loupe-message';

export function Composer() {
  const system = useLoupeStore((state) => state.settings.system);
  const draft = useLoupeStore((state) => state.settings.draft);
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  const run = useLoupeStore((state) => state.run);
  const stop = useLoupeStore((state) => state.stop);
  const refused = useLoupeStore((state) => state.runRefusedForToolLimits);
  const canRun = !running && draft.trim() !== '';
  const start = () => {
    void run();
    // Loaded on the first Run (a phone's layout is the only one it moves), out of the first load.
    import('../run/reveal-run').then(
      ({ revealRun }) => revealRun(),
      () => undefined,
    );
  };

  return (
    <section aria-labelledby="composer-title" className={panelClass}>
      <h2 id="composer-title" className="sr-only">
        Prompt
      </h2>
      <div className="space-y-3">
        <Field label="System prompt">
          {(control) => (
            <textarea
              {...control}
              rows={2}
              className={inputClass}
              value={system}
              onChange={(event) => updateSettings({ system: event.target.value })}
            />
          )}
        </Field>
        <Field label="Message" id={MESSAGE_FIELD_ID}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className={inputClass}
              placeholder="Ask something that needs the tools…"
              value={draft}
              onChange={(event) => updateSettings({ draft: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  if (canRun) start();
                }
              }}
            />
          )}
        </Field>
        <div className="flex items-center gap-2">
          <button type="button" className={primaryButtonClass} disabled={!canRun} onClick={start}>
            Run
          </button>
          <button type="button" className={secondaryButtonClass} disabled={!running} onClick={() => void stop()}>
            Stop
          </button>
          <span className="ml-auto hidden text-[11px] text-zinc-600 dark:text-zinc-400 sm:inline">
            Ctrl/⌘ + Enter to run
          </span>
        </div>
        {refused && <RunToolLimits />}
      </div>
    </section>
  );
}
