// Pure: the pairing rules of the API's own tool blocks (server tools, MCP connector) inside one message. No I/O.
import type { ContentBlock, Role } from './message';

/** Block types of calls the API runs itself; each is answered by a result block in the same assistant message. */
const serverCallTypes: ReadonlySet<string> = new Set(['server_tool_use', 'mcp_tool_use']);
/** The result block types of the API's tools as of this SDK. */
const serverResultTypes: ReadonlySet<string> = new Set([
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'mcp_tool_result',
]);

/** What a block is to the pairing rules: a server-side call, its result, or neither (`undefined`). */
export type ServerBlockRole = { kind: 'call' | 'result'; id: string | undefined; type: string };

/**
 * A server-side call (`server_tool_use`, `mcp_tool_use`, with its `id`) or result (`*_tool_result`,
 * `mcp_tool_result`, or a newer `*_tool_result` type, with the `tool_use_id` it answers); `undefined` for every
 * other block. A known type whose id is missing or not a string still counts, with `id: undefined` (it can never
 * be paired).
 */
export function serverBlockRole(block: ContentBlock): ServerBlockRole | undefined {
  if (block.type !== 'api_block') return undefined;
  const { type } = block.block;
  if (serverCallTypes.has(type)) return { kind: 'call', id: stringOr(block.block.id), type };
  // A known result type counts even without its id (it can never pair); a newer `*_tool_result` only with one.
  const id = stringOr(block.block.tool_use_id);
  if (serverResultTypes.has(type) || (type.endsWith('_tool_result') && id !== undefined))
    return { kind: 'result', id, type };
  return undefined;
}

const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Server call ids of earlier messages (an open code-execution call is answered in a later assistant message). */
export interface EarlierServerCalls {
  has(id: string): boolean;
}

const noEarlierCalls: EarlierServerCalls = { has: () => false };

/**
 * What the API would refuse in the server blocks of one message, as sentences (empty when nothing): server
 * blocks in a user message; a result with no call before it (in the message, or in `earlier` ones), or a second
 * result for one call in the message; a call id used twice; a call without its result in the message, unless the
 * message is the last one (a `pause_turn` reply the API goes on with) or a tool_use of the message names the call
 * as its `caller` (code in the sandbox waiting for Loupe's results; its result comes in a later reply).
 */
export function findServerBlockProblems(
  content: readonly ContentBlock[],
  role: Role,
  isLast: boolean,
  earlier: EarlierServerCalls = noEarlierCalls,
): string[] {
  const problems: string[] = [];
  walk(content, role, isLast, earlier, (_block, problem) => problems.push(problem));
  return problems;
}

/** The ids of the server calls in `content` (to add to the earlier calls of the messages after it). */
export function serverCallIds(content: readonly ContentBlock[]): string[] {
  const ids: string[] = [];
  for (const block of content) {
    const server = serverBlockRole(block);
    if (server?.kind === 'call' && server.id !== undefined) ids.push(server.id);
  }
  return ids;
}

/**
 * `content` with every server block `findServerBlockProblems` objects to removed, one change sentence each
 * (prefixed with `where`). Content with no server block comes back as it is (the same array).
 */
export function pairServerBlocks(
  content: ContentBlock[],
  role: Role,
  isLast: boolean,
  where: string,
  changes: string[],
  earlier: EarlierServerCalls = noEarlierCalls,
): ContentBlock[] {
  const dropped = new Set<ContentBlock>();
  walk(content, role, isLast, earlier, (block, problem) => {
    dropped.add(block);
    changes.push(`${where}: ${problem}; removed it.`);
  });
  return dropped.size === 0 ? content : content.filter((block) => !dropped.has(block));
}

function walk(
  content: readonly ContentBlock[],
  role: Role,
  isLast: boolean,
  earlier: EarlierServerCalls,
  report: (block: ContentBlock, problem: string) => void,
): void {
  const calls = new Map<string, ContentBlock>();
  const answered = new Set<string>();
  for (const block of content) {
    const server = serverBlockRole(block);
    if (server === undefined) continue;
    const name = `${server.type} '${server.id ?? '(no id)'}'`;
    if (role === 'user') report(block, `holds a ${name}; only assistant messages may`);
    else if (server.id === undefined) report(block, `holds a ${name} with no id`);
    else if (server.kind === 'call') {
      if (calls.has(server.id)) report(block, `reuses the id of ${name}`);
      else calls.set(server.id, block);
    } else if (!calls.has(server.id) && !earlier.has(server.id))
      report(block, `holds a ${name} with no call before it`);
    else if (answered.has(server.id)) report(block, `holds a second ${name}`);
    else answered.add(server.id);
  }
  if (isLast) return;
  const waiting = new Set<unknown>();
  for (const block of content) if (block.type === 'tool_use') waiting.add(block.caller?.tool_id);
  for (const [id, call] of calls) {
    if (!answered.has(id) && !waiting.has(id))
      report(call, `holds a ${(call as { block: { type: string } }).block.type} '${id}' with no result after it`);
  }
}

/** Key of a server call id in a set of tool_use ids (`SeenToolUseIds`): no tool_use id can take it. */
const serverKey = (id: string): string => `\u0000server:${id}`;

/** The server calls a set of seen tool_use ids also holds (see `rememberServerCalls`). */
export function earlierServerCalls(seen: { has(id: string): boolean }): EarlierServerCalls {
  return { has: (id) => seen.has(serverKey(id)) };
}

/** Adds the server calls of `content` to `seen`, for the messages after it. */
export function rememberServerCalls(content: readonly ContentBlock[], seen: { add(id: string): void }): void {
  for (const id of serverCallIds(content)) seen.add(serverKey(id));
}
