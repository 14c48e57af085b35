// Turns where a model comes from (a picked file, a URL, a kept one) into a checked file ready for llama.cpp:
// a picked file or a download is kept in the cache when there is room, and the GGUF header is read first.
import type { InBrowserModelSource } from '../../protocol/in-browser-messages';
import type { GgufSummary } from '../../providers/gguf/read-gguf-metadata';
import type { AddressSpace } from '../../shared/address-space';
import { checkGgufFile, ModelFileError } from './check-gguf-file';
import { fetchModelFile } from './fetch-model-file';
import type { ModelCache } from './model-cache';

/** A model file ready to load: where it is kept (if it is), why not (if not), and what its header says. */
export type PreparedModel = { file: Blob; name: string; cacheKey?: string; cacheNote?: string; summary?: GgufSummary };

export interface PrepareDependencies {
  cache: ModelCache | undefined;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
  fetch: typeof fetch;
  pageSpace: AddressSpace;
}

type Progress = (phase: 'download' | 'store', loaded: number, total: number) => void;

/** The file's name from the last segment of a URL's path (what the person sees; never used as a path). */
function nameFromUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  // Control characters never reach the page (a name is shown as text, but a newline would still mislead).
  const clean = [...name]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .slice(0, 200);
  return clean === '' ? 'model.gguf' : clean;
}

/** `prepare(source)`: the checked file; refusals are `ModelFileError`s and `ModelDownloadError`s in words. */
export function createModelPreparer(deps: PrepareDependencies, progress: Progress) {
  async function hasRoomFor(bytes: number): Promise<boolean> {
    const estimate = await deps.estimate?.().catch(() => undefined);
    if (estimate?.quota === undefined) return true;
    return estimate.quota - (estimate.usage ?? 0) > bytes;
  }

  async function keep(
    facts: { name: string; origin: string; sizeBytes: number },
    body: Blob | ReadableStream<Uint8Array>,
  ): Promise<{ file: Blob; cacheKey?: string; cacheNote?: string }> {
    if (deps.cache === undefined) {
      const file = body instanceof Blob ? body : await new Response(body).blob();
      return { file, cacheNote: 'Not kept: this browser offers no Cache Storage here.' };
    }
    const { entry, file } = await deps.cache.put(facts, body);
    return { file, cacheKey: entry.key };
  }

  async function prepare(source: InBrowserModelSource): Promise<PreparedModel> {
    switch (source.kind) {
      case 'file': {
        const summary = await checkGgufFile(source.file, source.name);
        const facts = { name: source.name, origin: 'file', sizeBytes: source.file.size };
        if (!(await hasRoomFor(source.file.size)))
          return {
            file: source.file,
            name: source.name,
            cacheNote: 'Not kept: not enough browser storage left.',
            ...(summary ? { summary } : {}),
          };
        progress('store', 0, source.file.size);
        const kept = await keep(facts, source.file).catch((error: unknown) => ({
          file: source.file,
          cacheNote: `Not kept: ${error instanceof Error ? error.message : String(error)}.`,
        }));
        progress('store', source.file.size, source.file.size);
        return { ...kept, name: source.name, ...(summary ? { summary } : {}) };
      }
      case 'url': {
        const download = await fetchModelFile(source.url, {
          fetch: deps.fetch,
          pageSpace: deps.pageSpace,
          onProgress: (loaded, total) => progress('download', loaded, total),
        });
        const name = nameFromUrl(source.url);
        const known = download.sizeBytes;
        const kept =
          known !== undefined && (await hasRoomFor(known))
            ? await keep({ name, origin: download.origin, sizeBytes: known }, download.body)
            : {
                file: await new Response(download.body).blob(),
                cacheNote: 'Not kept: its size was not announced, or there is not enough browser storage left.',
              };
        try {
          const summary = await checkGgufFile(kept.file, name);
          return { ...kept, name, ...(summary ? { summary } : {}) };
        } catch (error) {
          if (kept.cacheKey !== undefined) await deps.cache?.delete(kept.cacheKey);
          throw error;
        }
      }
      case 'cached': {
        const found = await deps.cache?.get(source.key);
        if (found === undefined)
          throw new ModelFileError('That model is no longer kept in this browser. Pick the file again.');
        const summary = await checkGgufFile(found.file, found.entry.name);
        return { file: found.file, name: found.entry.name, cacheKey: found.entry.key, ...(summary ? { summary } : {}) };
      }
    }
  }

  return prepare;
}
