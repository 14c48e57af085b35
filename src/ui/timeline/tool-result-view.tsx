// What a tool returned: text (JSON pretty-printed), images inline, and documents named with their size.
import { useMemo } from 'react';
import type { DocumentBlock, ToolResultContentBlock } from '../../engine/message/message';
import { monoBlockClass } from '../common/styles';
import { prettyJsonText } from './pretty-json';
import { isLargeJson, parseJsonContainer } from '../json-viewer/json-value';
import { JsonViewer } from '../json-viewer/json-viewer';

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

/** "PDF document (12.3 KB)": the size decoded from base64, without decoding it. */
function describeDocument(block: DocumentBlock): string {
  if (block.source.type === 'text')
    return `Text document (${block.source.data.length.toLocaleString('en')} characters)`;
  const data = block.source.data;
  const bytes = Math.max(0, Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0));
  const kb = bytes / 1024;
  return `PDF document (${kb < 10 ? kb.toFixed(1) : Math.round(kb).toLocaleString('en')} KB)`;
}

export function ToolResultView({
  name,
  content,
  isError,
}: {
  name: string;
  content: ToolResultContentBlock[];
  isError: boolean;
}) {
  if (content.length === 0) return <p className="text-xs text-zinc-600 dark:text-zinc-400 italic">No content.</p>;
  return (
    <div className="space-y-2">
      {content.map((block, index) => {
        if (block.type === 'image') {
          if (!IMAGE_TYPES.test(block.source.media_type)) {
            return (
              <p key={index} className="text-xs text-zinc-600 dark:text-zinc-400 italic">
                An image of type {block.source.media_type} (not shown).
              </p>
            );
          }
          return (
            <img
              key={index}
              alt={`Image returned by ${name}`}
              src={`data:${block.source.media_type};base64,${block.source.data}`}
              className="max-h-64 max-w-full rounded-md border border-zinc-200 dark:border-zinc-700"
            />
          );
        }
        if (block.type === 'document') {
          return (
            <p key={index} className="text-xs text-zinc-600 dark:text-zinc-400 italic">
              {describeDocument(block)} (not rendered).
            </p>
          );
        }
        return <TextResult key={index} name={name} text={block.text} isError={isError} />;
      })}
    </div>
  );
}

/** A text result: JSON as JSON (a large value in the foldable viewer, Copy giving the text as sent), else text. */
function TextResult({ name, text, isError }: { name: string; text: string; isError: boolean }) {
  const parsed = useMemo(() => parseJsonContainer(text), [text]);
  if (parsed !== undefined && isLargeJson(parsed)) {
    return <JsonViewer value={parsed} label={`Result of ${name}`} copyText={() => text} />;
  }
  const pretty = parsed === undefined ? undefined : prettyJsonText(text);
  return (
    <pre
      className={`${monoBlockClass} ${isError ? 'text-red-700 dark:text-red-300' : ''} ${pretty === undefined ? 'font-sans' : ''}`}
    >
      {pretty ?? text}
    </pre>
  );
}
