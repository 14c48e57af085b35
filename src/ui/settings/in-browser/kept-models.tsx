// The models kept in this browser: each one's size, Load and Delete, and how much of the origin's storage is used.
import { useEffect } from 'react';
import { useLoupeStore } from '../../../store/loupe-store-provider';
import { formatBytes } from '../../common/format-bytes';
import { smallButtonClass } from '../../common/styles';

export function KeptModels() {
  const cache = useLoupeStore((state) => state.inBrowser.cache);
  const loading = useLoupeStore((state) => state.inBrowser.loading !== undefined);
  const loadedKey = useLoupeStore((state) => state.inBrowser.loaded?.cacheKey);
  const refresh = useLoupeStore((state) => state.refreshModelCache);
  const load = useLoupeStore((state) => state.loadInBrowserModel);
  const remove = useLoupeStore((state) => state.deleteCachedModel);
  useEffect(() => void refresh(), [refresh]);
  if (cache === undefined) return null;
  return (
    <section aria-labelledby="kept-models-title" className="space-y-1.5">
      <h3 id="kept-models-title" className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Kept in this browser
      </h3>
      {cache.entries.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          No model is kept yet: a loaded model is kept for next time.
        </p>
      ) : (
        <ul aria-label="Kept models" className="space-y-1">
          {cache.entries.map((entry) => (
            <li
              key={entry.key}
              aria-label={entry.name}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md border border-zinc-200 px-2 py-1 text-xs dark:border-zinc-800"
            >
              <span className="min-w-0 flex-1 font-mono [overflow-wrap:anywhere] text-zinc-800 dark:text-zinc-200">
                {entry.name}
              </span>
              <span className="text-zinc-600 dark:text-zinc-400">{formatBytes(entry.sizeBytes)}</span>
              {loadedKey === entry.key ? (
                <span className="font-medium text-emerald-700 dark:text-emerald-400">loaded</span>
              ) : (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={loading}
                  aria-label={`Load ${entry.name}`}
                  onClick={() => void load({ kind: 'cached', key: entry.key })}
                >
                  Load
                </button>
              )}
              <button
                type="button"
                className={smallButtonClass}
                aria-label={`Delete ${entry.name}`}
                onClick={() => void remove(entry.key)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {cache.usageBytes !== undefined && cache.quotaBytes !== undefined && (
        <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
          This site uses {formatBytes(cache.usageBytes)} of the {formatBytes(cache.quotaBytes)} the browser allows it.
        </p>
      )}
    </section>
  );
}
