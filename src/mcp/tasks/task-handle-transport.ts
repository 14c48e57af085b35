// The 2026-07-28 Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) at the transport: declares it in the
// per-request capabilities of the requests that can take a task, and lifts a `tools/call` answered with a task
// handle (`resultType: "task"`) out of the way of the SDK, whose result decoder refuses that result type. Every
// answer that comes in is also given the default `resultType` the spec tells clients to assume.
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { defaultResultType } from './default-result-type';
import type { Client } from '../sdk/mcp-sdk-client';
import { wrapTransport } from '../http/wrap-transport';

/** The extension's identifier, as declared in capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * Put in a request's `params._meta` (set to `true`) to declare the Tasks extension on that request; the
 * transport takes it out again before the request leaves. On `tools/call` it also means "a task handle may
 * come back": the handle is kept and the SDK is handed a placeholder result naming it (`takeTaskHandle`).
 */
export const ACCEPTS_TASK_META_KEY = 'dev.loupe/accepts-task';

/** Where the placeholder result names the kept task handle. */
const HANDLE_META_KEY = 'dev.loupe/task-handle';

type JsonObject = Record<string, unknown>;

/** Kept task handles per client, by the one-off token in their placeholder result. */
const handlesByClient = new WeakMap<Client, Map<string, JsonObject>>();

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `message` with the Tasks extension declared in its per-request capabilities, and the marker removed. */
function declareTasks(message: JsonObject, params: JsonObject, meta: JsonObject): JSONRPCMessage {
  const { [ACCEPTS_TASK_META_KEY]: _marker, ...rest } = meta;
  const capabilities = isObject(rest[CLIENT_CAPABILITIES_META_KEY]) ? rest[CLIENT_CAPABILITIES_META_KEY] : {};
  const extensions = isObject(capabilities['extensions']) ? capabilities['extensions'] : {};
  return {
    ...message,
    params: {
      ...params,
      _meta: {
        ...rest,
        [CLIENT_CAPABILITIES_META_KEY]: { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } },
      },
    },
  } as unknown as JSONRPCMessage;
}

/**
 * Wraps `inner` (the client's transport, already recorded, so the protocol log shows what went on the wire) for
 * `client`. Requests marked with `ACCEPTS_TASK_META_KEY`, and `subscriptions/listen` requests for task ids, go
 * out declaring the extension. The answer to a marked `tools/call` that is a task handle reaches the SDK as
 * `{ content: [], _meta: { 'dev.loupe/task-handle': token } }`, the handle kept for `takeTaskHandle`. A server
 * cannot forge a token: they are random and each is taken once.
 */
export function carryTaskHandles(inner: Transport, client: Client): Transport {
  const handles = new Map<string, JsonObject>();
  handlesByClient.set(client, handles);
  const awaiting = new Set<string | number>();
  const wrapper = wrapTransport(inner, {
    receive(message, extra, deliver) {
      deliver(defaultResultType(lift(message)), extra);
    },
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      await inner.send(mark(message), options);
    },
  });
  const mark = (message: JSONRPCMessage): JSONRPCMessage => {
    const record = message as JsonObject;
    if (typeof record['method'] !== 'string' || record['id'] === undefined || !isObject(record['params']))
      return message;
    const params = record['params'];
    const meta = isObject(params['_meta']) ? params['_meta'] : {};
    const notifications = params['notifications'];
    const listensForTasks =
      record['method'] === 'subscriptions/listen' && isObject(notifications) && notifications['taskIds'] !== undefined;
    if (meta[ACCEPTS_TASK_META_KEY] !== true && !listensForTasks) return message;
    if (record['method'] === 'tools/call') awaiting.add(record['id'] as string | number);
    return declareTasks(record, params, meta);
  };
  const lift = (message: JSONRPCMessage): JSONRPCMessage => {
    const record = message as JsonObject;
    const id = record['id'] as string | number | undefined;
    if (id === undefined || record['method'] !== undefined || !awaiting.delete(id)) return message;
    const result = record['result'];
    if (!isObject(result) || result['resultType'] !== 'task') return message;
    const token = crypto.randomUUID();
    handles.set(token, result);
    const placeholder: JSONRPCMessage = {
      jsonrpc: '2.0',
      id,
      result: { resultType: 'complete', content: [], _meta: { [HANDLE_META_KEY]: token } },
    };
    return placeholder;
  };
  return wrapper;
}

/**
 * The task handle a placeholder `result` (from `carryTaskHandles`) names, taken out of keeping; `undefined`
 * for any other result, including one whose `_meta` a server wrote to look like a placeholder.
 */
export function takeTaskHandle(client: Client, result: JsonObject): JsonObject | undefined {
  const meta = result['_meta'];
  const token = isObject(meta) ? meta[HANDLE_META_KEY] : undefined;
  if (typeof token !== 'string') return undefined;
  const handles = handlesByClient.get(client);
  const handle = handles?.get(token);
  handles?.delete(token);
  return handle;
}
