// Model output as sanitised Markdown: marked's tokens walked into React elements. Raw HTML stays text;
// nothing is ever set as HTML.
import { Fragment, memo } from 'react';
import type { ReactNode } from 'react';
import { marked } from 'marked';
import type { Token, Tokens } from 'marked';
import { safeHref } from './safe-href';

function renderInline(tokens: Token[] | undefined, key: string): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderInlineToken(token, `${key}.${index}`));
}

function renderInlineToken(token: Token, key: string): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, key)}</strong>;
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, key)}</em>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, key)}</del>;
    case 'codespan':
      return (
        <code key={key} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800">
          {(token as Tokens.Codespan).text}
        </code>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      if (href === undefined) return <span key={key}>{link.raw}</span>;
      return (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-600 underline dark:text-indigo-400"
        >
          {renderInline(link.tokens, key)}
        </a>
      );
    }
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens !== undefined && text.tokens.length > 0 ? (
        <Fragment key={key}>{renderInline(text.tokens, key)}</Fragment>
      ) : (
        text.text
      );
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    default:
      // html, images and anything unknown: the source as typed, as text.
      return token.raw;
  }
}

function renderBlock(token: Token, key: string): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const content = renderInline(heading.tokens, key);
      const className = 'mt-3 mb-1 font-semibold';
      if (heading.depth <= 1)
        return (
          <h3 key={key} className={`${className} text-lg`}>
            {content}
          </h3>
        );
      if (heading.depth === 2)
        return (
          <h4 key={key} className={`${className} text-base`}>
            {content}
          </h4>
        );
      return (
        <h5 key={key} className={`${className} text-sm`}>
          {content}
        </h5>
      );
    }
    case 'paragraph':
      return (
        <p key={key} className="my-1.5">
          {renderInline((token as Tokens.Paragraph).tokens, key)}
        </p>
      );
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={`${key}.${index}`}>
          {item.tokens.map((child, childIndex) => renderListChild(child, `${key}.${index}.${childIndex}`))}
        </li>
      ));
      return list.ordered ? (
        <ol
          key={key}
          className="my-1.5 list-decimal pl-6"
          start={typeof list.start === 'number' ? list.start : undefined}
        >
          {items}
        </ol>
      ) : (
        <ul key={key} className="my-1.5 list-disc pl-6">
          {items}
        </ul>
      );
    }
    case 'code':
      return (
        <pre
          key={key}
          className="my-2 overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-800/70"
        >
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote
          key={key}
          className="my-2 border-l-2 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400"
        >
          {renderBlocks((token as Tokens.Blockquote).tokens, key)}
        </blockquote>
      );
    case 'hr':
      return <hr key={key} className="my-3 border-zinc-200 dark:border-zinc-700" />;
    case 'space':
      return null;
    case 'text':
      return (
        <p key={key} className="my-1.5">
          {renderInlineToken(token, key)}
        </p>
      );
    default:
      // Raw HTML blocks, tables and anything unknown show their source as text.
      return (
        <p key={key} className="my-1.5 whitespace-pre-wrap">
          {token.raw}
        </p>
      );
  }
}

/** Tight list items hold `text` tokens whose inline tokens carry the formatting. */
function renderListChild(token: Token, key: string): ReactNode {
  return token.type === 'text' ? renderInlineToken(token, key) : renderBlock(token, key);
}

function renderBlocks(tokens: Token[], key: string): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, `${key}.${index}`));
}

/** Renders `text` as Markdown without any HTML passthrough; only http(s)/mailto links are live. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return <div className="break-words">{renderBlocks(marked.lexer(text), 'md')}</div>;
});
