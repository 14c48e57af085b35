// markdown-it tokens walked into React elements. Nothing is ever set as HTML: raw HTML, images and anything
// unknown become their text; only http(s) and mailto links are live. Iterative (a stack, no recursion per level).
import { createElement, Fragment } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { Token } from './markdown-token';
import { safeHref } from './safe-href';

interface Frame {
  open: Token | null;
  children: ReactNode[];
}

const CLASSES: Partial<Record<string, string>> = {
  p: 'my-1.5',
  blockquote: 'my-2 border-l-2 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400',
  ul: 'my-1.5 list-disc pl-6',
  ol: 'my-1.5 list-decimal pl-6',
  table: 'my-2 border-collapse text-xs',
  th: 'border border-zinc-300 px-2 py-1 text-left font-semibold dark:border-zinc-700',
  td: 'border border-zinc-300 px-2 py-1 dark:border-zinc-700',
};

/** Headings keep the card's scale: `#` is the largest a reply gets, and below the round's own heading. */
const HEADINGS: Partial<Record<string, [string, string]>> = {
  h1: ['h3', 'mt-3 mb-1 font-semibold text-lg'],
  h2: ['h4', 'mt-3 mb-1 font-semibold text-base'],
};

const ALLOWED = new Set([
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'em',
  'strong',
  's',
]);

/** An attribute as a string (markdown-it types allow numbers). */
const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? '');

function alignment(token: Token): CSSProperties | undefined {
  const match = /text-align:(left|right|center)/.exec(attr(token, 'style'));
  return match?.[1] === undefined ? undefined : { textAlign: match[1] as CSSProperties['textAlign'] };
}

/** The element an open/close pair becomes. */
function container(open: Token, children: ReactNode[], key: number): ReactNode {
  const { tag } = open;
  if (open.type === 'paragraph_open' && open.hidden) return <Fragment key={key}>{children}</Fragment>;
  if (open.type === 'link_open') {
    const href = safeHref(attr(open, 'href'));
    if (href === undefined) return <span key={key}>{children}</span>;
    return (
      <a
        key={key}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="text-indigo-600 underline dark:text-indigo-400"
      >
        {children}
      </a>
    );
  }
  const heading = HEADINGS[tag] ?? (/^h[3-6]$/.test(tag) ? ['h5', 'mt-3 mb-1 font-semibold text-sm'] : undefined);
  if (heading !== undefined) return createElement(heading[0], { key, className: heading[1] }, ...children);
  if (tag === 'ol') {
    const start = Number(attr(open, 'start') || '1');
    return (
      <ol key={key} className={CLASSES['ol']} start={Number.isSafeInteger(start) && start !== 1 ? start : undefined}>
        {children}
      </ol>
    );
  }
  if (tag === 'table')
    return (
      <div key={key} className="overflow-x-auto">
        <table className={CLASSES['table']}>{children}</table>
      </div>
    );
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  return createElement(
    tag,
    { key, className: CLASSES[tag], style: tag === 'th' || tag === 'td' ? alignment(open) : undefined },
    ...children,
  );
}

/** A token without children of its own. */
function leaf(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderTokens(token.children ?? [])}</Fragment>;
    case 'text':
    case 'text_special':
    case 'html_inline':
    case 'html_block':
      return token.content;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return <br key={key} />;
    case 'code_inline':
      return (
        <code key={key} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800">
          {token.content}
        </code>
      );
    case 'fence':
    case 'code_block':
      return (
        <pre
          key={key}
          className="my-2 overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-800/70"
        >
          <code>{token.content}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} className="my-3 border-zinc-200 dark:border-zinc-700" />;
    case 'image':
      // Never fetched (a tracking pixel would leak that the reply was read): the source as typed.
      return `![${token.content}](${attr(token, 'src')})`;
    default:
      return token.content;
  }
}

/** The React nodes of a token list (a block's tokens, or an inline token's children). */
export function renderTokens(tokens: readonly Token[]): ReactNode[] {
  const stack: Frame[] = [{ open: null, children: [] }];
  for (const token of tokens) {
    const top = stack[stack.length - 1] as Frame;
    if (token.nesting === 1) stack.push({ open: token, children: [] });
    else if (token.nesting === -1 && stack.length > 1) {
      stack.pop();
      const parent = stack[stack.length - 1] as Frame;
      parent.children.push(container(top.open as Token, top.children, parent.children.length));
    } else if (token.nesting === 0) top.children.push(leaf(token, top.children.length));
  }
  // Unclosed containers (not produced by the parser, but never trusted): closed in place.
  while (stack.length > 1) {
    const top = stack.pop() as Frame;
    const parent = stack[stack.length - 1] as Frame;
    parent.children.push(container(top.open as Token, top.children, parent.children.length));
  }
  return stack[0]?.children ?? [];
}
