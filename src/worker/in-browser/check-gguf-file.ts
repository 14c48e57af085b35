// Looks at a model file before llama.cpp does: empty, not a GGUF, or a header no real model has are refused
// in plain words, and what the header says (context length, template, architecture) is read for the person.
import { GgufFormatError, readGgufMetadata, type GgufSummary } from '../../providers/gguf/read-gguf-metadata';

/** The most of a file's start read for its header: the vocabulary of a large tokenizer fits well inside. */
export const HEADER_READ_BYTES = 48 * 1024 * 1024;

export class ModelFileError extends Error {
  override readonly name = 'ModelFileError';
}

/** The header's summary, or undefined when the header is longer than `HEADER_READ_BYTES` (llama.cpp reads it then). */
export async function checkGgufFile(file: Blob, name: string): Promise<GgufSummary | undefined> {
  if (file.size === 0) throw new ModelFileError(`${name} is empty (0 bytes): it is not a model file.`);
  const head = new Uint8Array(await file.slice(0, Math.min(file.size, HEADER_READ_BYTES)).arrayBuffer());
  try {
    return readGgufMetadata(head);
  } catch (error) {
    if (!(error instanceof GgufFormatError)) throw error;
    // A header cut by the read, not by the file: too long to read here, not wrong.
    if (file.size > HEADER_READ_BYTES && error.message.startsWith('the file ends inside')) return undefined;
    throw new ModelFileError(`${name} is not a GGUF model Loupe can load: ${error.message}.`);
  }
}
