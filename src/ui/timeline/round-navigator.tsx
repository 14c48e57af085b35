// Reaching any round of a long run: jump to round N, to the first or last round, to the first error, or
// search the rounds' text and step through the matches. The list mounts only the round jumped to.
import { useDeferredValue, useMemo, useState } from 'react';
import type { RoundView } from '../../store/run-view';
import { firstErrorRound, indexOfRound, searchRounds } from './find-rounds';

const buttonClass =
  'rounded-md border border-zinc-300 px-2 py-1 font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800';
const inputClass =
  'rounded-md border border-zinc-300 bg-white px-2 py-1 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

export function RoundNavigator({
  rounds,
  onJump,
  offset = 0,
}: {
  rounds: readonly RoundView[];
  onJump: (index: number) => void;
  /** Rounds a fork inherited: the numbers typed and said are the ones its cards show. */
  offset?: number;
}) {
  const [roundText, setRoundText] = useState('');
  const [query, setQuery] = useState('');
  const [matchAt, setMatchAt] = useState(-1);
  const [said, setSaid] = useState('');
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => searchRounds(rounds, deferredQuery, offset), [rounds, deferredQuery, offset]);
  const firstError = useMemo(() => firstErrorRound(rounds), [rounds]);
  const first = (rounds[0]?.round ?? 1) + offset;
  const last = (rounds.at(-1)?.round ?? 0) + offset;

  const jump = (index: number, words: string) => {
    onJump(index);
    setSaid(words);
  };
  const step = (direction: 1 | -1) => {
    if (matches.length === 0) return setSaid(query.trim() === '' ? '' : `No round contains “${query.trim()}”.`);
    const next = (((matchAt + direction) % matches.length) + matches.length) % matches.length;
    setMatchAt(next);
    const index = matches[next]!;
    jump(index, `Round ${rounds[index]!.round + offset}: match ${next + 1} of ${matches.length}.`);
  };

  return (
    <div
      role="group"
      aria-label="Round navigator"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
    >
      <span>{rounds.length} rounds</span>
      <button type="button" className={buttonClass} onClick={() => jump(0, `Round ${first}.`)}>
        First round
      </button>
      <button type="button" className={buttonClass} onClick={() => jump(rounds.length - 1, `Round ${last}.`)}>
        Last round
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={firstError === -1}
        title={firstError === -1 ? 'No round has an error.' : undefined}
        onClick={() => jump(firstError, `Round ${rounds[firstError]!.round + offset} has the first error.`)}
      >
        First error
      </button>
      <form
        noValidate
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = Number(roundText);
          const index = roundText.trim() === '' ? -1 : indexOfRound(rounds, wanted - offset);
          if (index === -1)
            setSaid(`There is no round ${roundText.trim() || '(empty)'}: rounds go from ${first} to ${last}.`);
          else jump(index, `Round ${wanted}.`);
        }}
      >
        <label className="flex items-center gap-1">
          Jump to round
          <input
            type="number"
            min={first}
            max={last}
            step={1}
            value={roundText}
            onChange={(event) => setRoundText(event.target.value)}
            className={`${inputClass} w-20`}
          />
        </label>
        <button type="submit" className={buttonClass}>
          Go
        </button>
      </form>
      <form
        role="search"
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          step(1);
        }}
      >
        <input
          type="search"
          aria-label="Search rounds"
          placeholder="Search rounds"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setMatchAt(-1);
            // What the last jump said gives way to the new query's count.
            setSaid('');
          }}
          className={`${inputClass} w-40`}
        />
        <button type="button" className={buttonClass} aria-label="Previous match" onClick={() => step(-1)}>
          ↑
        </button>
        <button type="submit" className={buttonClass} aria-label="Next match">
          ↓
        </button>
      </form>
      <span
        role="status"
        aria-label="Round navigation"
        className="min-w-0 basis-full text-xs text-zinc-600 dark:text-zinc-400"
      >
        {said ||
          (deferredQuery.trim() === ''
            ? ''
            : matches.length === 0
              ? `No round contains “${deferredQuery.trim()}”.`
              : `${matches.length} ${matches.length === 1 ? 'round matches' : 'rounds match'}.`)}
      </span>
    </div>
  );
}
