// A value loaded once and kept, unless the load failed: then the next ask loads again (a chunk that could not be
// fetched offline, a compile cut by a network hiccup). The lazy model, the sandbox's QuickJS and a connection's
// on-use parts each kept this by hand.

/**
 * `load`'s promise, made on the first call and shared by every call after; a rejected load is dropped, so the next
 * call tries again. `failed` turns a load's error into the one the caller sees (the load's own by default).
 */
export function onceUntilFailed<T>(load: () => Promise<T>, failed?: (error: unknown) => Error): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw failed === undefined ? error : failed(error);
    }));
}
