// Status pushes of a server's tasks: `notifications/tasks/status` (2025-11-25, sent unasked) and
// `notifications/tasks` (the 2026-07-28 Tasks extension, only on a `subscriptions/listen` stream for the task ids).
import type { SubscriptionFilter } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { Client } from '../sdk/mcp-sdk-client';

type Listener = (raw: Record<string, unknown>) => void;

/** How long the server may take to acknowledge a listen for a task: pushes are a bonus, polling goes on. */
const listenAckTimeoutMs = 5_000;

/**
 * Task listen streams open at once per client. Each is a long-lived request, and a browser gives a server six
 * HTTP/1.1 connections in all: more streams would hold up the polls and calls themselves. Tasks past this
 * number are followed by polling alone.
 */
const maxTaskStreams = 2;
const openStreams = new WeakMap<Client, number>();

/** Per client, who listens for which task id; the notification handlers are installed on first use. */
const listenersByClient = new WeakMap<Client, Map<string, Set<Listener>>>();

function listenersOf(client: Client): Map<string, Set<Listener>> {
  const known = listenersByClient.get(client);
  if (known !== undefined) return known;
  const created = new Map<string, Set<Listener>>();
  listenersByClient.set(client, created);
  const dispatch = (params: unknown) => {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return;
    const record = params as Record<string, unknown>;
    const taskId = record['taskId'];
    // A push for a task no call follows is ignored.
    if (typeof taskId !== 'string') return;
    for (const listener of created.get(taskId) ?? []) listener(record);
  };
  // Read loosely: each follower checks the task itself, and a malformed push must not reach the client's onerror.
  const method = client.getProtocolEra() === 'modern' ? 'notifications/tasks' : 'notifications/tasks/status';
  client.setNotificationHandler(method, { params: z.record(z.string(), z.unknown()) }, (params) => dispatch(params));
  return created;
}

/**
 * Calls `onPush` with each status push the server sends for `taskId` (the raw notification params) until the
 * returned function is called. On a 2026-07-28 connection it opens a `subscriptions/listen` stream with
 * `taskIds: [taskId]` (closed again by the returned function; at most two such streams per client at once, later
 * tasks are polled only); a server that refuses it only loses the pushes.
 */
export function watchTaskPushes(client: Client, taskId: string, onPush: Listener): () => void {
  const listeners = listenersOf(client);
  const forTask = listeners.get(taskId) ?? new Set<Listener>();
  listeners.set(taskId, forTask);
  forTask.add(onPush);
  let stopped = false;
  let closeStream: (() => Promise<void>) | undefined;
  let holdsStream = false;
  if (client.getProtocolEra() === 'modern' && (openStreams.get(client) ?? 0) < maxTaskStreams) {
    holdsStream = true;
    openStreams.set(client, (openStreams.get(client) ?? 0) + 1);
    // `taskIds` is the extension's field of the listen filter; the SDK passes the filter on as it is.
    const filter = { taskIds: [taskId] } as unknown as SubscriptionFilter;
    client.listen(filter, { timeout: listenAckTimeoutMs }).then(
      (subscription) => {
        if (stopped) void subscription.close().catch(() => {});
        else closeStream = () => subscription.close();
      },
      () => {},
    );
  }
  return () => {
    if (stopped) return;
    stopped = true;
    if (holdsStream) openStreams.set(client, (openStreams.get(client) ?? 1) - 1);
    forTask.delete(onPush);
    if (forTask.size === 0) listeners.delete(taskId);
    void closeStream?.().catch(() => {});
  };
}
