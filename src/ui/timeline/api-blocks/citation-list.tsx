// The sources the API cited for a text: links to https sources (never anything else), with the cited text.
import type { ApiJsonObject } from '../../../engine/message/message';
import { readCitation } from './read-api-block';

export function CitationList({ citations }: { citations: readonly ApiJsonObject[] }) {
  if (citations.length === 0) return null;
  return (
    <ul aria-label="Sources" className="mt-2 space-y-1 border-l-2 border-zinc-200 pl-3 text-xs dark:border-zinc-700">
      {citations.map((raw, position) => {
        const citation = readCitation(raw);
        return (
          <li key={position}>
            {citation.href === undefined ? (
              <span title="Only https sources are linked">
                {citation.title}
                {citation.url !== undefined && citation.url !== citation.title && (
                  <span className="text-zinc-500"> ({citation.url}, not linked)</span>
                )}
              </span>
            ) : (
              <a
                href={citation.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-blue-700 underline dark:text-blue-400"
              >
                {citation.title}
              </a>
            )}
            {citation.citedText !== undefined && (
              <q className="ml-1 text-zinc-600 italic dark:text-zinc-400">{citation.citedText}</q>
            )}
          </li>
        );
      })}
    </ul>
  );
}
