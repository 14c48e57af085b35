// Benchmark (not a test): a streamed Markdown reply rendered the old way (the whole text parsed and walked on
// every flush) and the incremental way (src/ui/markdown: completed blocks once, the open block geometrically),
// side by side in one run, on the same parser and the same token walk. Prints times and ratios.
// Run: npm run bench:markdown
import { renderBlock } from '../src/ui/markdown/markdown-block';
import { OpenBlockCache } from '../src/ui/markdown/open-block-cache';
import { parseMarkdown } from '../src/ui/markdown/parse-markdown';
import { renderTokens } from '../src/ui/markdown/render-tokens';
import { BlockSplitter } from '../src/ui/markdown/split-blocks';

/** Characters per store flush: a fast model's deltas coalesced over one animation frame. */
const CHUNK = 48;
const SIZES_KB = [5, 20, 80];
const REPEATS = 3;
/** `--incremental-only`: skip the (slow, quadratic) full re-parse. */
const incrementalOnly = process.argv.includes('--incremental-only');

/** A realistic reply: headings, paragraphs with inline marks, lists, code fences, a table, a quote. */
function reply(bytes: number): string {
  const sections: string[] = [];
  for (let index = 0; sections.join('').length < bytes; index += 1) {
    sections.push(
      `## Step ${index}\n\nThe **tool** returned \`weather_get\` data for *Paris*; see [the docs](https://example.com/${index}) ` +
        `for what each field means. It rained ${index} mm, so the plan changes a little.\n\n` +
        `- first, check the forecast\n- then pick a **coat**\n  - waterproof\n  - warm\n\n` +
        '```ts\n' +
        `const result = await call('weather_get', { city: 'Paris', day: ${index} });\nconsole.info(result);\n` +
        '```\n\n' +
        `| field | value |\n| --- | --- |\n| temperatureC | ${index % 30} |\n| rain | yes |\n\n` +
        `> Note ${index}: the model should _not_ repeat the call.\n\n`,
    );
  }
  return sections.join('').slice(0, bytes);
}

/** The old way: every flush parses and walks the whole text so far. */
function streamFull(text: string): number {
  let sink = 0;
  for (let end = CHUNK; end < text.length + CHUNK; end += CHUNK) {
    sink += renderTokens(parseMarkdown(text.slice(0, end))).length;
  }
  return sink;
}

/** The new way, as `Markdown` does it: the splitter, memoised groups of blocks, the open-block cache. */
function streamIncremental(text: string): number {
  const splitter = new BlockSplitter();
  const open = new OpenBlockCache();
  const seenGroups = new WeakSet<object>();
  const memo = new Map<number, string>();
  let sink = 0;
  const flush = (shown: string, streaming: boolean) => {
    const { groups, open: openText, openStart } = splitter.update(shown);
    for (const group of groups) {
      if (seenGroups.has(group)) continue; // React.memo on the group: an unchanged group costs nothing
      seenGroups.add(group);
      group.blocks.forEach((block, index) => {
        const start = group.starts[index] ?? 0;
        if (memo.get(start) === block) return; // React.memo on the block
        memo.set(start, block);
        const rendering = renderBlock(block, parseMarkdown);
        sink += 'nodes' in rendering ? rendering.nodes.length : 0;
      });
    }
    const view = open.viewOf(openText, openStart, parseMarkdown, streaming);
    sink += 'nodes' in view.rendering ? view.rendering.nodes.length : 0;
  };
  for (let end = CHUNK; end < text.length; end += CHUNK) flush(text.slice(0, end), true);
  flush(text, false);
  return sink;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(work: () => number, repeats = REPEATS): number {
  const runs: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
  }
  return median(runs);
}

// Warm the JIT on a small reply first, so the first size is not charged for it.
streamFull(reply(4_000));
streamIncremental(reply(4_000));

console.info(
  `Streaming a Markdown reply in ${CHUNK}-character flushes (full: one run, it is slow; incremental: median of ${REPEATS}; parse + token walk):\n`,
);
console.info('size    flushes   full re-parse   incremental   full / incremental');
const rows: { kb: number; full: number; incremental: number }[] = [];
for (const kb of SIZES_KB) {
  const text = reply(kb * 1024);
  const full = incrementalOnly ? Number.NaN : time(() => streamFull(text), 1);
  const incremental = time(() => streamIncremental(text));
  rows.push({ kb, full, incremental });
  console.info(
    `${`${kb} KB`.padEnd(8)}${String(Math.ceil(text.length / CHUNK)).padStart(7)}   ${`${full.toFixed(0)} ms`.padStart(13)}   ${`${incremental.toFixed(1)} ms`.padStart(11)}   ${`${(full / incremental).toFixed(1)}×`.padStart(18)}`,
  );
}
const first = rows[0];
const last = rows[rows.length - 1];
if (first && last) {
  const growth = last.kb / first.kb;
  console.info(
    `\nGrowth from ${first.kb} KB to ${last.kb} KB (${growth}× the text): full ${(last.full / first.full).toFixed(0)}×, ` +
      `incremental ${(last.incremental / first.incremental).toFixed(0)}× (linear would be ${growth}×).`,
  );
}
