// The main-thread composition root: worker → client → store → React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createWorkerClient } from '../client/create-worker-client';
import { createLoupeStore } from '../store/create-loupe-store';
import { LoupeStoreProvider } from '../store/loupe-store-provider';
import { getDefaultStorage } from '../store/safe-storage';
import { readRestoreFailure, restoreSessions } from '../store/sessions/restore-guard';
import { createWorkerSessionDb } from '../store/sessions/worker-session-db';
import { LayoutProvider } from '../ui/layout/layout-context';
import { SafeModeGate } from '../ui/safe-mode/safe-mode-gate';
import { applyTheme, readInitialTheme } from '../ui/theme/theme';
import { App } from './app';
import './index.css';

// Before the first paint, so a dark-theme page does not flash white.
applyTheme(readInitialTheme(), false);

// A function, not a worker: the client starts a new engine by itself after a crash or a hang.
const client = createWorkerClient(
  () => new Worker(new URL('../worker/worker-entry.ts', import.meta.url), { type: 'module', name: 'loupe-engine' }),
);
const store = createLoupeStore(client, {
  demoServerUrl: import.meta.env.VITE_DEMO_SERVER_URL ?? 'http://localhost:3001/mcp',
  sessionStore: 'worker',
});

// Restores the last session (and an interrupted run) from IndexedDB; storage problems become alerts. A restore
// that throws, or a crash that reached the root on an earlier load, opens safe mode instead.
const storage = getDefaultStorage();
const earlierFailure = readRestoreFailure(storage);
const restore = earlierFailure === null ? restoreSessions(store, storage, Date.now) : Promise.resolve(null);

const root = document.getElementById('root');
if (root === null) throw new Error('Loupe needs an element with id "root" in index.html.');

createRoot(root).render(
  <StrictMode>
    <LoupeStoreProvider store={store}>
      <SafeModeGate
        initial={earlierFailure}
        restore={restore}
        storage={storage}
        sessionDb={createWorkerSessionDb(client)}
      >
        <LayoutProvider firstTab="Settings">
          <App />
        </LayoutProvider>
      </SafeModeGate>
    </LoupeStoreProvider>
  </StrictMode>,
);
