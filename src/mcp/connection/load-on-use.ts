// What a connection loads only when it is used: the diagnosis of a failed connection, and the on-demand features
// (skills, MCP Apps, resources and prompts). A connection that never fails or is never browsed does not carry their
// code; each is a chunk of its own in the worker build, loaded once by the module system.
import type { ConnectionProblem } from '../../protocol/server-status';
import { onceUntilFailed } from '../../shared/once-until-failed';
import type { ReachabilityProbe } from './diagnose-connection-error';

/** `diagnoseConnectionError`, loaded with the first failure to diagnose. */
export async function diagnoseWhenFailed(
  thrown: unknown,
  url: string,
  probe: ReachabilityProbe | undefined,
): Promise<ConnectionProblem> {
  const { diagnoseConnectionError } = await import('./diagnose-connection-error');
  return diagnoseConnectionError(thrown, url, probe);
}

type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * `T` (an object of async methods, each named in `methods`) made by `create` with the first call of any of them,
 * once; a failed load (a chunk missing offline) rejects that call and is tried again by the next.
 */
export function loadOnFirstCall<T extends AsyncMethods<T>>(
  methods: Readonly<Record<keyof T, true>>,
  create: () => Promise<T>,
): T {
  const get = onceUntilFailed(create);
  const call =
    (name: keyof T) =>
    async (...args: never[]) =>
      (await get())[name](...args);
  return Object.fromEntries(Object.keys(methods).map((name) => [name, call(name as keyof T)])) as unknown as T;
}
