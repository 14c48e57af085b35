// Test support: drains a model stream into an array, so tests compare streams as arrays.
import type { ModelStreamPart } from '../../engine/model/model';

export async function collectStreamParts(iterable: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}
