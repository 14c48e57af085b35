// Reports every server of a store connected, as the worker does once each has answered.
import type { LoupeStore } from '../create-loupe-store';
import type { FakeEngineClient } from './fake-engine-client';

/**
 * For tests that run but are not about the wait for servers: a run waits up to SERVER_WAIT_MS (10 s) for a
 * server still connecting, and a fake worker never reports the demo server, so each such run sat out the wait.
 */
export function connectServers(store: LoupeStore, client: FakeEngineClient): void {
  for (const server of store.getState().servers) {
    client.emitServerState({ serverId: server.id, status: 'connected', tools: [] });
  }
}
