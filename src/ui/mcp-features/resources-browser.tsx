// A server's resources: list, read (text or image preview) and attach to the next message.
import { useState } from 'react';
import type { McpResourceContent } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { inputClass, monoBlockClass, secondaryButtonClass, smallButtonClass } from '../common/styles';
import { describeListingFreshness } from './describe-listing-freshness';
import { ListingToolbar } from './listing-toolbar';
import { useServerListing } from './use-server-listing';

function ResourcePreview({ contents }: { contents: McpResourceContent[] }) {
  return (
    <div className="mt-1 space-y-1">
      {contents.map((part, index) =>
        'text' in part ? (
          <pre key={index} className={monoBlockClass}>
            {part.text}
          </pre>
        ) : part.mimeType?.startsWith('image/') ? (
          <img
            key={index}
            alt={`Resource ${part.uri}`}
            src={`data:${part.mimeType};base64,${part.blob}`}
            className="max-h-48 rounded border border-zinc-200 dark:border-zinc-800"
          />
        ) : (
          <p key={index} className="text-xs text-zinc-600 dark:text-zinc-400">
            Binary ({part.mimeType ?? 'unknown type'}), {Math.round((part.blob.length * 3) / 4)} bytes.
          </p>
        ),
      )}
    </div>
  );
}

export function ResourcesBrowser({ serverId }: { serverId: string }) {
  const list = useLoupeStore((state) => state.listResources);
  const read = useLoupeStore((state) => state.readResource);
  const attach = useLoupeStore((state) => state.attachResource);
  const { listing, shownAt, refreshing, refresh } = useServerListing(serverId, list);
  const [opened, setOpened] = useState<{ uri: string; contents: McpResourceContent[] } | null>(null);
  const [uri, setUri] = useState('');
  const [attached, setAttached] = useState('');

  const open = async (target: string) => {
    const contents = await read(serverId, target);
    if (contents !== null) setOpened({ uri: target, contents });
  };
  const attachTo = async (target: string) => {
    const count = await attach(serverId, target);
    if (count > 0) setAttached(`Attached ${target} to the next message.`);
  };

  if (listing === null) return <p className="text-xs text-zinc-600 dark:text-zinc-400">Loading resources…</p>;
  return (
    <div className="space-y-3">
      <ListingToolbar
        what="resources"
        freshness={listing.freshness?.resources}
        notice={listing.notice}
        shownAt={shownAt}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {attached}
      </p>
      {listing.resources.length === 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">This server lists no resources.</p>
      )}
      <ul aria-label="Resources" className="space-y-1.5">
        {listing.resources.map((resource) => (
          <li key={resource.uri} aria-label={resource.title ?? resource.name} className="text-xs">
            <div className="flex flex-wrap items-center gap-1">
              <span className="font-medium">{resource.title ?? resource.name}</span>
              <span className="font-mono text-zinc-600 dark:text-zinc-400">{resource.uri}</span>
              <span className="ml-auto flex gap-1">
                <button type="button" className={smallButtonClass} onClick={() => void open(resource.uri)}>
                  Read
                </button>
                <button type="button" className={smallButtonClass} onClick={() => void attachTo(resource.uri)}>
                  Attach to message
                </button>
              </span>
            </div>
            {resource.description !== undefined && (
              <p className="text-zinc-600 dark:text-zinc-400">{resource.description}</p>
            )}
            {opened?.uri === resource.uri && <ResourcePreview contents={opened.contents} />}
          </li>
        ))}
      </ul>
      {listing.templates.length > 0 && (
        <div className="space-y-1.5">
          <p className="text-xs">
            <span className="font-semibold">Templates</span>
            <span className="ml-2 text-zinc-600 dark:text-zinc-400">
              {describeListingFreshness(listing.freshness?.templates, shownAt)}
            </span>
          </p>
          <ul className="space-y-0.5 font-mono text-xs text-zinc-600 dark:text-zinc-400">
            {listing.templates.map((template) => (
              <li key={template.uriTemplate}>{template.uriTemplate}</li>
            ))}
          </ul>
          <div className="flex gap-2">
            <input
              className={inputClass}
              aria-label="Resource URI"
              placeholder="Fill in a template, e.g. note://city/Oslo"
              value={uri}
              onChange={(event) => setUri(event.target.value)}
            />
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={uri.trim() === ''}
              onClick={() => void open(uri.trim())}
            >
              Read
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={uri.trim() === ''}
              onClick={() => void attachTo(uri.trim())}
            >
              Attach
            </button>
          </div>
          {opened !== null && !listing.resources.some((resource) => resource.uri === opened.uri) && (
            <ResourcePreview contents={opened.contents} />
          )}
        </div>
      )}
    </div>
  );
}
