import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../model/model';
import { digestRequest } from './digest-request';

const model = { modelId: 'm', provider: 'p' };
const request: ModelRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [{ name: 'a', description: '', input_schema: { type: 'object' } }],
  maxTokens: 10,
};

describe('digestRequest', () => {
  it('writes the digest without the optional fields a request does not set', () => {
    expect(JSON.stringify(digestRequest(model, request))).toBe(
      '{"model":"m","provider":"p","toolNames":["a"],"messageCount":1,"maxTokens":10}',
    );
  });

  it('puts the optional fields a request sets between the provider and the tool names, in order', () => {
    const full: ModelRequest = { ...request, system: 's', temperature: 0.5, toolChoice: { type: 'none' } };
    expect(Object.keys(digestRequest(model, full))).toEqual([
      'model',
      'provider',
      'system',
      'temperature',
      'toolChoice',
      'toolNames',
      'messageCount',
      'maxTokens',
    ]);
    expect(Object.keys(digestRequest(model, { ...request, temperature: 0 }))).toEqual([
      'model',
      'provider',
      'temperature',
      'toolNames',
      'messageCount',
      'maxTokens',
    ]);
  });
});
