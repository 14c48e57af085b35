// A server's prompts: list, fill in arguments, get the messages and use them as the next message.
import { useState } from 'react';
import type { McpPromptInfo, McpPromptMessages } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, monoBlockClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import { ListingToolbar } from './listing-toolbar';
import { useServerListing } from './use-server-listing';

function PromptForm({ serverId, prompt }: { serverId: string; prompt: McpPromptInfo }) {
  const get = useLoupeStore((state) => state.getPrompt);
  const applyPrompt = useLoupeStore((state) => state.usePrompt);
  const [args, setArgs] = useState<Record<string, string>>({});
  const [result, setResult] = useState<McpPromptMessages | null>(null);
  const [used, setUsed] = useState(false);
  const missing = (prompt.arguments ?? []).filter(
    (argument) => argument.required === true && !args[argument.name]?.trim(),
  );
  return (
    <div className="mt-2 space-y-2 rounded-md bg-zinc-50 p-2 dark:bg-zinc-950/50">
      {(prompt.arguments ?? []).map((argument) => (
        <Field
          key={argument.name}
          id={`${prompt.name}-${argument.name}`}
          label={`${argument.name}${argument.required === true ? ' (required)' : ''}`}
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              placeholder={argument.description}
              value={args[argument.name] ?? ''}
              onChange={(event) => setArgs({ ...args, [argument.name]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={missing.length > 0}
        onClick={() => {
          const filled = Object.fromEntries(Object.entries(args).filter(([, value]) => value.trim() !== ''));
          void get(serverId, prompt.name, filled).then(setResult);
        }}
      >
        Get prompt
      </button>
      {result !== null && (
        <>
          <pre aria-label={`Prompt ${prompt.name}`} className={monoBlockClass}>
            {result.messages
              .map(
                (message) =>
                  `${message.role}: ${message.content.map((block) => (block.type === 'text' ? block.text : '[image]')).join('\n')}`,
              )
              .join('\n\n')}
          </pre>
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => {
              applyPrompt(result);
              setUsed(true);
            }}
          >
            Use as message
          </button>
          {used && <p className="text-xs text-zinc-600 dark:text-zinc-400">The message box now holds this prompt.</p>}
        </>
      )}
    </div>
  );
}

export function PromptsBrowser({ serverId }: { serverId: string }) {
  const list = useLoupeStore((state) => state.listPrompts);
  const { listing, shownAt, refreshing, refresh } = useServerListing(serverId, list);
  const [chosen, setChosen] = useState<string | null>(null);
  if (listing === null) return <p className="text-xs text-zinc-600 dark:text-zinc-400">Loading prompts…</p>;
  const { prompts } = listing;
  return (
    <div className="space-y-3">
      <ListingToolbar
        what="prompts"
        freshness={listing.freshness}
        notice={listing.notice}
        shownAt={shownAt}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      {prompts.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">This server lists no prompts.</p>
      ) : (
        <ul aria-label="Prompts" className="space-y-2">
          {prompts.map((prompt) => (
            <li key={prompt.name} aria-label={prompt.name} className="text-xs">
              <button
                type="button"
                aria-expanded={chosen === prompt.name}
                className="text-left font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                onClick={() => setChosen(chosen === prompt.name ? null : prompt.name)}
              >
                {prompt.title ?? prompt.name}
              </button>
              {prompt.description !== undefined && (
                <p className="text-zinc-600 dark:text-zinc-400">{prompt.description}</p>
              )}
              {chosen === prompt.name && <PromptForm serverId={serverId} prompt={prompt} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
