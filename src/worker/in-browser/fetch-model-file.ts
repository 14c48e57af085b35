// Downloads a model file for the In-browser provider, in the engine worker: the URL rule (https, or http on
// this machine), no nearer address space than the page's own, no redirect that breaks either, progress in bytes.
import { ADDRESS_SPACE_WORDS, addressSpaceOf, isNearer, type AddressSpace } from '../../shared/address-space';
import { redactUrl } from '../../shared/redact-url';
import { checkModelUrl } from '../../providers/gguf/check-model-url';

/** A download refused or failed, said for the person. */
export class ModelDownloadError extends Error {
  override readonly name = 'ModelDownloadError';
}

export interface ModelDownload {
  /** The URL as it may be written down (secrets in its query redacted). */
  origin: string;
  /** The size the server announced (`content-length`), when it did. */
  sizeBytes: number | undefined;
  /** The bytes, counted into `onProgress` as they are read. */
  body: ReadableStream<Uint8Array>;
}

export interface FetchModelOptions {
  fetch: typeof fetch;
  /** The address space of the page Loupe runs on: a model may not come from a nearer one (a public page may not reach your network). */
  pageSpace: AddressSpace;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

/** Why `url` may not be fetched from a page in `pageSpace`, or undefined when it may. */
export function refuseModelUrl(text: string, pageSpace: AddressSpace): string | undefined {
  const checked = checkModelUrl(text);
  if ('refused' in checked) return checked.refused;
  const space = addressSpaceOf(new URL(checked.url).hostname);
  if (isNearer(space, pageSpace))
    return `This page is on ${ADDRESS_SPACE_WORDS[pageSpace]}; it may not fetch a model from ${ADDRESS_SPACE_WORDS[space]}. Download the file and pick it under Model file instead.`;
  return undefined;
}

/** Starts the download of `text`; the returned body streams the file. Refusals and failures are `ModelDownloadError`s. */
export async function fetchModelFile(text: string, options: FetchModelOptions): Promise<ModelDownload> {
  const refused = refuseModelUrl(text, options.pageSpace);
  if (refused !== undefined) throw new ModelDownloadError(refused);
  const url = checkModelUrl(text);
  if (!('url' in url)) throw new ModelDownloadError(url.refused);
  const shown = redactUrl(url.url);
  let response: Response;
  try {
    // Redirects are followed (model hosts send files from a CDN), and the place they end is checked below.
    response = await options.fetch(url.url, {
      credentials: 'omit',
      redirect: 'follow',
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    throw new ModelDownloadError(
      `Could not reach ${shown}: a network error, or the server does not allow this page to read the file (CORS).`,
    );
  }
  const finalUrl = response.url === '' ? url.url : response.url;
  if (response.redirected || finalUrl !== url.url) {
    const after = refuseModelUrl(finalUrl, options.pageSpace);
    if (after !== undefined) {
      await response.body?.cancel();
      throw new ModelDownloadError(`${shown} redirects to ${redactUrl(finalUrl)}, which is refused: ${after}`);
    }
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new ModelDownloadError(`${shown} answered ${response.status} ${response.statusText}`.trim() + '.');
  }
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const sizeBytes = Number.isSafeInteger(length) && length > 0 ? length : undefined;
  let loaded = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        if (sizeBytes !== undefined && loaded > sizeBytes)
          controller.error(new ModelDownloadError(`${shown} sent more bytes than it announced (${sizeBytes}).`));
        else {
          options.onProgress?.(loaded, sizeBytes ?? 0);
          controller.enqueue(chunk);
        }
      },
    }),
  );
  return { origin: shown, sizeBytes, body: counted };
}
