// Reads a GGUF file's header and metadata (not its tensors), to show what a model is before loading it:
// architecture, context length, chat template. Bounded against hostile files. Pure.

/** What the person sees about a model file before and after loading it. */
export interface GgufSummary {
  version: number;
  tensorCount: number;
  architecture?: string;
  name?: string;
  contextLength?: number;
  chatTemplate?: string;
  /** Every scalar and string value by key; arrays by their length only (a vocabulary has 150,000 entries). */
  metadata: Record<string, string | number | boolean | { arrayLength: number }>;
}

/** Bounds: past them the file is refused as "not a GGUF Loupe can read". */
export const GGUF_LIMITS = { keys: 4096, stringBytes: 1 << 20, arrayItems: 1 << 22 } as const;

export class GgufFormatError extends Error {
  override readonly name = 'GgufFormatError';
}

class ByteReader {
  private at = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(count: number): number {
    if (this.at + count > this.bytes.length)
      throw new GgufFormatError('the file ends inside its header (is it whole?)');
    const at = this.at;
    this.at += count;
    return at;
  }
  u8 = () => this.view.getUint8(this.need(1));
  u16 = () => this.view.getUint16(this.need(2), true);
  u32 = () => this.view.getUint32(this.need(4), true);
  i8 = () => this.view.getInt8(this.need(1));
  i16 = () => this.view.getInt16(this.need(2), true);
  i32 = () => this.view.getInt32(this.need(4), true);
  f32 = () => this.view.getFloat32(this.need(4), true);
  f64 = () => this.view.getFloat64(this.need(8), true);
  u64 = (): number => {
    const value = this.view.getBigUint64(this.need(8), true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufFormatError('a count in the header is impossibly large');
    return Number(value);
  };
  i64 = () => Number(this.view.getBigInt64(this.need(8), true));
  string(): string {
    const length = this.u64();
    if (length > GGUF_LIMITS.stringBytes)
      throw new GgufFormatError(`a string in the header is longer than ${GGUF_LIMITS.stringBytes} bytes`);
    const at = this.need(length);
    return new TextDecoder().decode(this.bytes.subarray(at, at + length));
  }
}

function readScalar(reader: ByteReader, type: number): string | number | boolean {
  switch (type) {
    case 0:
      return reader.u8();
    case 1:
      return reader.i8();
    case 2:
      return reader.u16();
    case 3:
      return reader.i16();
    case 4:
      return reader.u32();
    case 5:
      return reader.i32();
    case 6:
      return reader.f32();
    case 7:
      return reader.u8() !== 0;
    case 8:
      return reader.string();
    case 10:
      return reader.u64();
    case 11:
      return reader.i64();
    case 12:
      return reader.f64();
    default:
      throw new GgufFormatError(`unknown metadata type ${type}`);
  }
}

/**
 * The summary of the GGUF whose first bytes are `bytes` (the header is at the start; a few megabytes hold it
 * for most models, the vocabulary being the largest part). Throws `GgufFormatError` in plain words.
 */
export function readGgufMetadata(bytes: Uint8Array): GgufSummary {
  const reader = new ByteReader(bytes);
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== 'GGUF')
    throw new GgufFormatError('it does not start with "GGUF": not a GGUF model file');
  reader.u32();
  const version = reader.u32();
  if (version < 2 || version > 3) throw new GgufFormatError(`GGUF version ${version} is not supported (2 and 3 are)`);
  const tensorCount = reader.u64();
  const keyCount = reader.u64();
  if (keyCount > GGUF_LIMITS.keys) throw new GgufFormatError(`it has more than ${GGUF_LIMITS.keys} metadata keys`);
  const metadata: GgufSummary['metadata'] = {};
  for (let index = 0; index < keyCount; index += 1) {
    const key = reader.string();
    const type = reader.u32();
    let value: GgufSummary['metadata'][string];
    if (type === 9) {
      const itemType = reader.u32();
      const length = reader.u64();
      if (length > GGUF_LIMITS.arrayItems)
        throw new GgufFormatError(`an array in the header has more than ${GGUF_LIMITS.arrayItems} items`);
      for (let item = 0; item < length; item += 1) readScalar(reader, itemType);
      value = { arrayLength: length };
    } else value = readScalar(reader, type);
    Object.defineProperty(metadata, key, { value, enumerable: true, writable: true, configurable: true });
  }
  const text = (key: string) => (typeof metadata[key] === 'string' ? metadata[key] : undefined);
  const architecture = text('general.architecture');
  const context = architecture === undefined ? undefined : metadata[`${architecture}.context_length`];
  const name = text('general.name');
  const chatTemplate = text('tokenizer.chat_template');
  return {
    version,
    tensorCount,
    metadata,
    ...(architecture === undefined ? {} : { architecture }),
    ...(name === undefined ? {} : { name }),
    ...(typeof context === 'number' ? { contextLength: context } : {}),
    ...(chatTemplate === undefined ? {} : { chatTemplate }),
  };
}
