// Test-only: writes a tiny llama-architecture GGUF (v3) with random F32 weights and a byte vocabulary (SPM,
// `<0x00>`…`<0xFF>` byte tokens), so the in-browser provider runs a real model with nothing downloaded.

/** GGUF metadata value types (ggml's gguf.h). */
const TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9 } as const;

type MetaValue =
  | { type: 'uint32' | 'int32' | 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'array'; of: 'string'; values: string[] }
  | { type: 'array'; of: 'float32' | 'int32'; values: number[] };

class ByteWriter {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  private number(bytes: number, write: (view: DataView) => void): void {
    const buffer = new Uint8Array(bytes);
    write(new DataView(buffer.buffer));
    this.push(buffer);
  }
  u32(value: number): void {
    this.number(4, (view) => view.setUint32(0, value, true));
  }
  i32(value: number): void {
    this.number(4, (view) => view.setInt32(0, value, true));
  }
  u64(value: number): void {
    this.number(8, (view) => view.setBigUint64(0, BigInt(value), true));
  }
  f32(value: number): void {
    this.number(4, (view) => view.setFloat32(0, value, true));
  }
  string(value: string): void {
    const bytes = new TextEncoder().encode(value);
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(value: Uint8Array): void {
    this.push(value);
  }
  pad(alignment: number): void {
    const extra = (alignment - (this.length % alignment)) % alignment;
    if (extra > 0) this.push(new Uint8Array(extra));
  }
  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

function writeValue(writer: ByteWriter, meta: MetaValue): void {
  writer.u32(TYPE[meta.type]);
  switch (meta.type) {
    case 'uint32':
      return writer.u32(meta.value);
    case 'int32':
      return writer.i32(meta.value);
    case 'float32':
      return writer.f32(meta.value);
    case 'bool':
      return writer.bytes(new Uint8Array([meta.value ? 1 : 0]));
    case 'string':
      return writer.string(meta.value);
    case 'array':
      writer.u32(TYPE[meta.of]);
      writer.u64(meta.values.length);
      for (const value of meta.values) {
        if (typeof value === 'string') writer.string(value);
        else if (meta.of === 'float32') writer.f32(value);
        else writer.i32(value);
      }
  }
}

/** A seeded generator (mulberry32), so the same options write the same file. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Dimension 0 of the residual stream carries a constant, so the output layer can weigh tokens up or down. */
const BIAS_DIM = 0;

/**
 * Logit preferences, through dimension 0: no bytes above 0x7F (a random pick there makes invalid UTF-8),
 * no control bytes or special tokens but newline and end of text; `{` and `"` likelier (so, under the
 * tool-call grammar, a call comes soon and its strings end), and end of text likely enough that free text
 * ends within a few tokens.
 */
function tokenBias(token: number, extra: Readonly<Record<string, number>>): number {
  if (token === 2) return 0.5;
  if (token < 3) return -30;
  const byte = token - 3;
  if (byte > 0x7e || (byte < 0x20 && byte !== 0x0a)) return -30;
  const chosen = extra[String.fromCharCode(byte)];
  if (chosen !== undefined) return chosen;
  if (byte === 0x7b) return 1.6;
  if (byte === 0x22) return 0.4;
  return 0;
}

/** Values ggml lays out row by row: `ne0` (the first dimension) is the row's length. */
function handSet(name: string, values: Float32Array, embd: number, extra: Readonly<Record<string, number>>): void {
  if (name === 'token_embd.weight')
    for (let row = 0; row < values.length / embd; row += 1) values[row * embd + BIAS_DIM] = 8;
  if (name === 'output.weight')
    for (let row = 0; row < values.length / embd; row += 1) values[row * embd + BIAS_DIM] = tokenBias(row, extra);
  // The blocks never write to dimension 0, so it stays constant whatever the context.
  if (name.endsWith('attn_output.weight') || name.endsWith('ffn_down.weight')) {
    const rowLength = values.length / embd;
    values.fill(0, BIAS_DIM * rowLength, (BIAS_DIM + 1) * rowLength);
  }
}

export interface TinyGgufOptions {
  seed?: number;
  contextLength?: number;
  chatTemplate?: string;
  name?: string;
  /**
   * Logit preferences for printable ASCII characters, over the defaults (`{` 1.6, `"` 0.4, others 0): e.g.
   * `{ '<': 2 }` so a Hermes-style `<tool_call>` comes at once under its grammar.
   */
  preferences?: Readonly<Record<string, number>>;
}

/** The CHATML template the tiny model carries, so the provider writes ChatML prompts for it. */
export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** Bytes of a GGUF a llama.cpp build loads: 1 block, 32-wide, 4 heads, 259 tokens (unk, bos, eos, 256 bytes). */
export function writeTinyGguf(options: TinyGgufOptions = {}): Uint8Array {
  const random = createRandom(options.seed ?? 40);
  const embd = 32;
  const heads = 4;
  const ff = 64;
  const tokens = [
    '<unk>',
    '<s>',
    '</s>',
    ...Array.from({ length: 256 }, (_, byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`),
  ];
  const vocab = tokens.length;
  const meta: [string, MetaValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: options.name ?? 'loupe-tiny' }],
    ['general.alignment', { type: 'uint32', value: 32 }],
    ['llama.context_length', { type: 'uint32', value: options.contextLength ?? 2048 }],
    ['llama.embedding_length', { type: 'uint32', value: embd }],
    ['llama.block_count', { type: 'uint32', value: 1 }],
    ['llama.feed_forward_length', { type: 'uint32', value: ff }],
    ['llama.attention.head_count', { type: 'uint32', value: heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: heads }],
    ['llama.rope.dimension_count', { type: 'uint32', value: embd / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', of: 'string', values: tokens }],
    ['tokenizer.ggml.scores', { type: 'array', of: 'float32', values: tokens.map(() => 0) }],
    // 2 unknown, 3 control, 6 byte (llama_token_type).
    [
      'tokenizer.ggml.token_type',
      { type: 'array', of: 'int32', values: tokens.map((_, id) => (id === 0 ? 2 : id < 3 ? 3 : 6)) },
    ],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
    ['tokenizer.chat_template', { type: 'string', value: options.chatTemplate ?? TINY_CHAT_TEMPLATE }],
  ];
  // Dimensions innermost first, as ggml counts them (ne0, ne1).
  const tensors: [string, number[]][] = [
    ['token_embd.weight', [embd, vocab]],
    ['output_norm.weight', [embd]],
    ['output.weight', [embd, vocab]],
    ['blk.0.attn_norm.weight', [embd]],
    ['blk.0.attn_q.weight', [embd, embd]],
    ['blk.0.attn_k.weight', [embd, embd]],
    ['blk.0.attn_v.weight', [embd, embd]],
    ['blk.0.attn_output.weight', [embd, embd]],
    ['blk.0.ffn_norm.weight', [embd]],
    ['blk.0.ffn_gate.weight', [embd, ff]],
    ['blk.0.ffn_up.weight', [embd, ff]],
    ['blk.0.ffn_down.weight', [ff, embd]],
  ];
  const writer = new ByteWriter();
  writer.bytes(new TextEncoder().encode('GGUF'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(meta.length);
  for (const [key, value] of meta) {
    writer.string(key);
    writeValue(writer, value);
  }
  let offset = 0;
  const sizes = tensors.map(([, dims]) => dims.reduce((product, dim) => product * dim, 1) * 4);
  for (const [index, [name, dims]] of tensors.entries()) {
    writer.string(name);
    writer.u32(dims.length);
    for (const dim of dims) writer.u64(dim);
    writer.u32(0); // GGML_TYPE_F32
    writer.u64(offset);
    offset += Math.ceil((sizes[index] ?? 0) / 32) * 32;
  }
  writer.pad(32);
  for (const [index, [name]] of tensors.entries()) {
    const count = (sizes[index] ?? 0) / 4;
    const values = new Float32Array(count);
    // Norm weights 1 (a norm of zeros silences the model); the rest small and random.
    for (let at = 0; at < count; at += 1) values[at] = name.includes('norm') ? 1 : (random() - 0.5) * 0.5;
    handSet(name, values, embd, options.preferences ?? {});
    writer.bytes(new Uint8Array(values.buffer));
    writer.pad(32);
  }
  return writer.finish();
}
