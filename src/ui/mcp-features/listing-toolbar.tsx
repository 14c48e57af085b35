// Above a resource or prompt listing: where it came from and how long it stays fresh, a Refresh that asks the
// server again however long it said to keep the listing, and the notice of a listing a bound cut short.
import type { McpListingFreshness } from '../../protocol/mcp-feature-messages';
import { smallButtonClass } from '../common/styles';
import { describeListingFreshness } from './describe-listing-freshness';

export function ListingToolbar({
  what,
  freshness,
  notice,
  shownAt,
  refreshing,
  onRefresh,
}: {
  /** `resources` or `prompts`: the button is named "Refresh resources" / "Refresh prompts". */
  what: string;
  freshness: McpListingFreshness | undefined;
  notice: string | undefined;
  /** When the listing arrived (epoch ms): "fresh for" counts from there, "until" is exact either way. */
  shownAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2 text-xs">
        <p className="text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {refreshing ? `Listing ${what}…` : describeListingFreshness(freshness, shownAt)}
        </p>
        <button
          type="button"
          className={`${smallButtonClass} ml-auto`}
          aria-label={`Refresh ${what}`}
          disabled={refreshing}
          onClick={onRefresh}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {notice !== undefined && <p className="text-xs text-amber-700 dark:text-amber-300">{notice}</p>}
    </div>
  );
}
