// Pure data: how much one MCP tool result may carry to the model. No I/O.

/** Bounds on one tool result; a part past a bound becomes a short text note (see `convertToolResult`). */
export interface ResultCaps {
  /** Content parts read from one result; the rest are counted in one note. */
  maxParts: number;
  /** Images one result may carry. */
  maxImagesPerResult: number;
  /** Decoded bytes of one image. */
  maxImageBytes: number;
  /** Decoded bytes of the images and PDF documents of one result together. */
  maxMediaBytesPerResult: number;
  /** Characters of text of one result (the loop's `maxResultChars` cuts what the model sees further). */
  maxTextChars: number;
  /** Characters of JSON of the `structuredContent` kept for an MCP App (and the trace). */
  maxStructuredChars: number;
  /** Nesting depth of that `structuredContent` (objects and arrays). */
  maxStructuredDepth: number;
}

/**
 * The defaults: 200 parts, 8 images, 3.75 MB per image (5 MB as base64, the Messages API's per-image
 * limit), 10 MB of images and documents per result, 1,000,000 characters of text, and a `structuredContent`
 * of at most 1,000,000 characters of JSON nested at most 64 deep (else it is not kept). The whole request is
 * bounded again by the engine (`guardRequestMedia`), so many results together cannot pass the API's size.
 */
export const DEFAULT_RESULT_CAPS: ResultCaps = {
  maxParts: 200,
  maxImagesPerResult: 8,
  maxImageBytes: 3_932_160,
  maxMediaBytesPerResult: 10 * 1024 * 1024,
  maxTextChars: 1_000_000,
  maxStructuredChars: 1_000_000,
  maxStructuredDepth: 64,
};
