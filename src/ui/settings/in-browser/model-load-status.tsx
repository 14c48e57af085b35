// The load going on (bytes and percent), its failure in words, or what the loaded model is.
import { useLoupeStore } from '../../../store/loupe-store-provider';
import type { InBrowserLoad } from '../../../store/in-browser/in-browser-state';
import { formatBytes } from '../../common/format-bytes';
import { formatTokens } from '../../common/format';
import { describeChatTemplateFact } from './describe-chat-template-fact';

const phaseWords: Record<InBrowserLoad['phase'], string> = {
  download: 'Downloading',
  store: 'Keeping in the browser',
  load: 'Loading into llama.cpp',
};

function Progress({ load }: { load: InBrowserLoad }) {
  const percent = load.total > 0 ? Math.min(100, Math.round((load.loaded / load.total) * 100)) : undefined;
  const text =
    load.total > 0
      ? `${phaseWords[load.phase]}: ${formatBytes(load.loaded)} of ${formatBytes(load.total)} (${percent}%)`
      : `${phaseWords[load.phase]}: ${formatBytes(load.loaded)}`;
  return (
    <div className="space-y-1" role="status" aria-label="Model load">
      <progress
        className="h-1.5 w-full accent-indigo-600"
        aria-label="Model load progress"
        {...(percent === undefined ? {} : { value: percent, max: 100 })}
      />
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{text}</p>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 font-mono [overflow-wrap:anywhere] text-zinc-800 dark:text-zinc-200">{value}</dd>
    </>
  );
}

export function ModelLoadStatus() {
  const { loading, error, loaded } = useLoupeStore((state) => state.inBrowser);
  const unload = useLoupeStore((state) => state.unloadInBrowserModel);
  // A run may be sampling from the model: freeing it then would pull the memory from under llama.cpp.
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  if (loading !== undefined) return <Progress load={loading} />;
  return (
    <>
      {error !== undefined && (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300"
        >
          {error}
        </p>
      )}
      {loaded !== undefined && (
        <section
          aria-label="Loaded model"
          className="rounded-md border border-emerald-200 bg-emerald-50/60 px-3 py-2 text-xs dark:border-emerald-500/30 dark:bg-emerald-500/10"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-emerald-900 dark:text-emerald-200">
              Loaded: {loaded.name}
            </p>
            {/* Frees the tab's memory; the kept copy stays, so a later load needs no file or download. */}
            <button
              type="button"
              disabled={running}
              title={running ? 'Stop the run first' : 'Free its memory; a kept copy stays kept'}
              className="shrink-0 rounded-md border border-emerald-300 px-2 py-0.5 disabled:opacity-50 text-emerald-900 hover:bg-emerald-100 dark:border-emerald-500/40 dark:text-emerald-200 dark:hover:bg-emerald-500/20"
              onClick={() => void unload()}
            >
              Unload model
            </button>
          </div>
          <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
            <Fact label="size" value={formatBytes(loaded.sizeBytes)} />
            <Fact
              label="context"
              value={`${formatTokens(loaded.contextLength)} tokens (trained ${formatTokens(loaded.trainedContextLength)})`}
            />
            <Fact label="chat template" value={describeChatTemplateFact(loaded)} />
            {loaded.architecture !== undefined && <Fact label="architecture" value={loaded.architecture} />}
            <Fact label="threads" value={String(loaded.threads)} />
          </dl>
          {loaded.chatTemplatePreview !== undefined && (
            <details className="mt-1">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Template</summary>
              <p className="mt-1 font-mono text-[11px] [overflow-wrap:anywhere] text-zinc-700 dark:text-zinc-300">
                {loaded.chatTemplatePreview}
              </p>
            </details>
          )}
          {loaded.threadsNote !== undefined && (
            <p className="mt-1 text-amber-800 dark:text-amber-300">{loaded.threadsNote}</p>
          )}
          {loaded.cacheNote !== undefined && (
            <p className="mt-1 text-amber-800 dark:text-amber-300">{loaded.cacheNote}</p>
          )}
        </section>
      )}
    </>
  );
}
