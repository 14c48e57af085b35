// Makes it unmistakable that the Demo model is scripted, not a real model.

export function DemoBadge() {
  return (
    <div className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-xs text-indigo-800 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
      <p className="font-semibold">Demo model — scripted, offline, no key</p>
      <p className="mt-0.5 text-indigo-700/80 dark:text-indigo-300/80">
        It plays a fixed weather → clothing script against the demo server’s tools, so you can watch the loop without an
        API key.
      </p>
    </div>
  );
}
