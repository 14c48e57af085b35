// Test support: the worker's session commands as the store's session tests need them — storing, reading and
// loading runs — with no model and no run started (a test that starts one fails loudly).
import { RunRegistry } from '../../src/worker/run-registry';
import { createSessionCommands, type SessionCommands } from '../../src/worker/session-commands';

export function createStoredSessionCommands(): SessionCommands {
  return createSessionCommands({
    runs: new RunRegistry(),
    appVersion: 'test',
    now: () => 0,
    createModel: () => {
      throw new Error('no model');
    },
    startRun: () => undefined,
  });
}
