// The tool budget's offer of tool search: with Anthropic and a long tool list, the tools can go deferred
// (defer_loading) and the model load only those it finds, instead of paying for all of them on every request.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';

/** From this many tools, or this many estimated tokens of them, tool search is offered. */
export const TOOL_SEARCH_OFFER_TOOLS = 30;
export const TOOL_SEARCH_OFFER_TOKENS = 10_000;

export function ToolSearchOffer({ tools, tokens }: { tools: number; tokens: number }) {
  const anthropic = useLoupeStore((state) => state.settings.provider === 'anthropic');
  const apiTools = useLoupeStore((state) => state.settings.apiTools);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  if (!anthropic || apiTools.toolSearch.enabled) return null;
  if (tools < TOOL_SEARCH_OFFER_TOOLS && tokens < TOOL_SEARCH_OFFER_TOKENS) return null;
  return (
    <div
      role="status"
      aria-label="Tool search offer"
      className="rounded-md bg-sky-50 p-2 text-xs text-sky-900 dark:bg-sky-500/10 dark:text-sky-200"
    >
      <p>
        Every request sends these {tools} tools. With tool search they go deferred, and the model loads only the ones it
        finds (Settings → Server tools → Tool search).
      </p>
      <button
        type="button"
        className={`${smallButtonClass} mt-1`}
        onClick={() =>
          updateSettings({ apiTools: { ...apiTools, toolSearch: { ...apiTools.toolSearch, enabled: true } } })
        }
      >
        Use tool search
      </button>
    </div>
  );
}
