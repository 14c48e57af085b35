// Test fixture for the provider adapters' tests: the weather tool as a request names it, and a one-message request.
import type { ModelRequest } from '../../engine/model/model';

/** The demo weather tool's definition, as a request carries it. */
export const weatherToolDefinition = {
  name: 'demo__weather_get',
  description: 'Current weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** A request of one user message "Hello", no tools and `maxTokens`, with `overrides` over it. */
export function helloRequest(maxTokens: number, overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
    tools: [],
    maxTokens,
    ...overrides,
  };
}
