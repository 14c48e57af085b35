// A failed model load in words the person can act on: llama.cpp's and the browser's errors are terse. Pure.

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 2 : 1)} GB`;
}

/** What to show when loading `name` (`sizeBytes` long) failed with `error`. */
export function describeLoadError(error: unknown, name: string, sizeBytes: number): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (
    /out of memory|memory access out of bounds|Cannot allocate|failed to allocate|RangeError|Aborted\(OOM\)/i.test(text)
  )
    return `${name} (${gigabytes(sizeBytes)}) is too big for this browser's memory. Pick a smaller model or a smaller quantisation (Q4_K_M of a 0.5–1.5B model), close other tabs, or lower the context length.`;
  if (/unknown model architecture|unknown architecture/i.test(text))
    return `llama.cpp in this build does not know ${name}'s architecture (${text}).`;
  if (/failed to load model|load_error|invalid magic|gguf/i.test(text))
    return `llama.cpp could not load ${name}: ${text}. Is it a whole, supported GGUF file?`;
  return `Loading ${name} failed: ${text}`;
}
