// A browse command the person asked for: its answer, or an alert saying what failed and null (never a throw).
import { describeError, type GetLoupeState } from './loupe-state';

/** A sender for `get`'s store: `ask('list skills', send)` resolves to the answer, or alerts and resolves to null. */
export function askOrAlert(get: GetLoupeState) {
  return async <T>(what: string, send: () => Promise<T>): Promise<T | null> => {
    try {
      return await send();
    } catch (error) {
      get().pushAlert(`Could not ${what}: ${describeError(error)}`);
      return null;
    }
  };
}
