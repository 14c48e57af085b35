// How many threads llama.cpp gets: the machine's cores when the page is cross-origin isolated (threads share
// memory through SharedArrayBuffer, which browsers give isolated pages only), else one, said honestly. Pure.

export interface ThreadEnvironment {
  crossOriginIsolated: boolean;
  hasSharedArrayBuffer: boolean;
  hardwareConcurrency: number | undefined;
}

export function chooseThreads(environment: ThreadEnvironment): { threads: number; note?: string } {
  const cores = Math.max(1, Math.floor(environment.hardwareConcurrency ?? 1));
  if (environment.crossOriginIsolated && environment.hasSharedArrayBuffer) return { threads: cores };
  if (cores === 1) return { threads: 1 };
  return {
    threads: 1,
    note: environment.crossOriginIsolated
      ? `One thread of ${cores}: this browser has no SharedArrayBuffer, which llama.cpp's threads need.`
      : `One thread of ${cores}: this page is not cross-origin isolated, so the browser gives it no SharedArrayBuffer, which llama.cpp's threads need (docs/in-browser-model.md says how to serve Loupe isolated).`,
  };
}
