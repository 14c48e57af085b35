// Pure: what a block of the API's own says, read defensively (the block is whatever the API — or a hostile
// server speaking its wire format — sent): every field checked before it is shown, URLs linked only when https.
import type { ApiJson, ApiJsonObject } from '../../../engine/message/message';

/** `value` as a link target when it is an absolute https URL; otherwise undefined (never `javascript:` etc.). */
export function httpsHref(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: ApiJson | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const object = (value: ApiJson | undefined): ApiJsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
const list = (value: ApiJson | undefined): ApiJson[] => (Array.isArray(value) ? value : []);

/** The heading of a server-side call: what kind of tool the API ran. */
export function serverCallTitle(block: ApiJsonObject): string {
  if (block.type === 'mcp_tool_use') return `MCP connector · ${text(block.server_name) ?? 'unnamed server'}`;
  const name = text(block.name) ?? '';
  if (name === 'web_search') return 'Web search';
  if (name === 'web_fetch') return 'Web fetch';
  if (name.endsWith('code_execution')) return 'Code execution';
  if (name.startsWith('tool_search_tool')) return 'Tool search';
  return `Server tool ${name || '(unnamed)'}`;
}

/** The input line of a call: a search query, a URL, code or a command; undefined when the input has none. */
export function serverCallSubject(block: ApiJsonObject): { label: string; value: string; code: boolean } | undefined {
  const input = object(block.input) ?? {};
  const query = text(input.query);
  if (query !== undefined) return { label: 'query', value: query, code: false };
  const url = text(input.url);
  if (url !== undefined) return { label: 'URL', value: url, code: false };
  const code = text(input.code) ?? text(input.command);
  if (code !== undefined)
    return { label: text(input.code) !== undefined ? 'code' : 'command', value: code, code: true };
  return undefined;
}

/** A result block's error (`*_error` content with its code), when it is one. */
export function resultError(content: ApiJson | undefined): string | undefined {
  const found = object(content);
  if (found === undefined || !text(found.type)?.endsWith('_error')) return undefined;
  const message = text(found.error_message);
  return `${text(found.error_code) ?? 'error'}${message ? `: ${message}` : ''}`;
}

export interface SearchResultView {
  title: string;
  url: string;
  href: string | undefined;
  pageAge: string | undefined;
}

/** The results of a web search (title, URL, page age), in order. */
export function readSearchResults(content: ApiJson | undefined): SearchResultView[] {
  return list(content).flatMap((entry) => {
    const result = object(entry);
    if (result === undefined) return [];
    const url = text(result.url) ?? '';
    return [{ title: text(result.title) ?? url, url, href: httpsHref(url), pageAge: text(result.page_age) }];
  });
}

/** A fetched document: its URL, title, text (or what kind of document it is) and when it was retrieved. */
export function readFetch(content: ApiJson | undefined): {
  url: string;
  title?: string;
  body: string;
  retrievedAt?: string;
} {
  const result = object(content) ?? {};
  const document = object(result.content) ?? {};
  const source = object(document.source) ?? {};
  const data = text(source.data) ?? '';
  const body =
    source.type === 'text'
      ? data
      : `[${text(source.media_type) ?? 'document'}, ${data.length.toLocaleString('en')} characters]`;
  const view: { url: string; title?: string; body: string; retrievedAt?: string } = {
    url: text(result.url) ?? '',
    body,
  };
  const title = text(document.title);
  if (title !== undefined) view.title = title;
  const retrievedAt = text(result.retrieved_at);
  if (retrievedAt !== undefined) view.retrievedAt = retrievedAt;
  return view;
}

export interface CodeResultView {
  stdout: string;
  stderr: string;
  returnCode: number | undefined;
  files: string[];
  /** The text editor's view of a file, or what it changed, when the result is one of its. */
  editor?: string;
}

/**
 * A code run's output in either shape: `code_execution_result` (the older tool) and `bash_code_execution_result`;
 * a text editor result shows its file content or the lines it changed.
 */
export function readCodeResult(content: ApiJson | undefined): CodeResultView {
  const result = object(content) ?? {};
  const files = list(result.content).flatMap((entry) => {
    const id = text(object(entry)?.file_id);
    return id === undefined ? [] : [id];
  });
  const view: CodeResultView = {
    stdout: text(result.stdout) ?? '',
    stderr: text(result.stderr) ?? '',
    returnCode: typeof result.return_code === 'number' ? result.return_code : undefined,
    files,
  };
  const editor =
    text(result.content) ??
    (Array.isArray(result.lines) ? result.lines.filter((line) => typeof line === 'string').join('\n') : undefined);
  if (editor !== undefined) view.editor = editor;
  return view;
}

/** The tool names a tool search found (`tool_reference`s). */
export function readToolReferences(content: ApiJson | undefined): string[] {
  return list(object(content)?.tool_references).flatMap((entry) => {
    const name = text(object(entry)?.tool_name);
    return name === undefined ? [] : [name];
  });
}

/** An MCP connector result's text, and whether the server said it failed. */
export function readMcpResult(block: ApiJsonObject): { text: string; isError: boolean } {
  const content = block.content;
  const body =
    typeof content === 'string'
      ? content
      : list(content)
          .flatMap((entry) => {
            const part = text(object(entry)?.text);
            return part === undefined ? [] : [part];
          })
          .join('\n');
  return { text: body, isError: block.is_error === true };
}

export interface CitationView {
  title: string;
  url: string | undefined;
  href: string | undefined;
  citedText: string | undefined;
}

/** A citation: the source's title and URL (linked only when https) and the text cited from it. */
export function readCitation(citation: ApiJsonObject): CitationView {
  const url = text(citation.url);
  const title = text(citation.title) ?? text(citation.document_title) ?? url ?? text(citation.type) ?? 'source';
  return { title, url, href: httpsHref(url), citedText: text(citation.cited_text) };
}

/** The context-management edits the API reports as applied, each in plain words (what was cleared, tokens saved). */
export function describeContextEdits(contextManagement: ApiJsonObject): string[] {
  return list(contextManagement.applied_edits).flatMap((entry) => {
    const edit = object(entry);
    if (edit === undefined) return [];
    const type = text(edit.type) ?? 'edit';
    const saved = typeof edit.cleared_input_tokens === 'number' ? edit.cleared_input_tokens : undefined;
    const what =
      typeof edit.cleared_tool_uses === 'number'
        ? `cleared ${edit.cleared_tool_uses} tool use${edit.cleared_tool_uses === 1 ? '' : 's'}`
        : typeof edit.cleared_thinking_turns === 'number'
          ? `cleared thinking of ${edit.cleared_thinking_turns} turn${edit.cleared_thinking_turns === 1 ? '' : 's'}`
          : 'edited the context';
    const tokens = saved === undefined ? '' : ` · ${saved.toLocaleString('en')} input tokens saved`;
    return [`${type}: ${what}${tokens}`];
  });
}

/** Server tool requests of a round in words ("1 web search, 2 web fetches"); undefined when there were none. */
export function describeServerToolRequests(counts: Readonly<Record<string, number>> | undefined): string | undefined {
  const parts = Object.entries(counts ?? {})
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const name = key.replace(/_requests$/, '').replace(/_/g, ' ');
      const plural = /(ch|sh|s|x)$/.test(name) ? 'es' : 's';
      return `${count} ${name}${count === 1 ? '' : plural}`;
    });
  return parts.length === 0 ? undefined : parts.join(', ');
}

/**
 * The code execution container a reply ran in, in words: its id (which the run's next request sends back, so files
 * and state carry over) and when it expires, as the API said. A field that is not what it should be is left out.
 */
export function describeContainer(container: ApiJsonObject): string | undefined {
  const id = container['id'];
  if (typeof id !== 'string' || id === '') return undefined;
  const expires = container['expires_at'];
  const until = typeof expires === 'string' && expires !== '' ? `, until ${expires}` : '';
  return `Code execution container ${id}${until}: the run's next request goes on in it.`;
}
