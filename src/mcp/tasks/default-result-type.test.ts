import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { defaultResultType } from './default-result-type';

const response = (result: unknown) => ({ jsonrpc: '2.0', id: 7, result }) as unknown as JSONRPCMessage;

describe('defaultResultType', () => {
  it('takes a result without resultType as complete, keeping everything else', () => {
    const message = response({ content: [{ type: 'text', text: 'ok' }], _meta: { a: 1 } });
    expect(defaultResultType(message)).toEqual(
      response({ content: [{ type: 'text', text: 'ok' }], _meta: { a: 1 }, resultType: 'complete' }),
    );
  });

  it('leaves a result that names its type, even one Loupe does not know, as the server sent it', () => {
    for (const resultType of ['complete', 'input_required', 'task', 'something-new', 42]) {
      const message = response({ resultType, content: [] });
      expect(defaultResultType(message)).toBe(message);
    }
  });

  it('leaves requests, notifications, errors and results that are not objects alone', () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no' } },
      { jsonrpc: '2.0', id: 3, result: null },
      { jsonrpc: '2.0', id: 4, result: ['not', 'an', 'object'] },
    ] as unknown as JSONRPCMessage[];
    for (const message of messages) expect(defaultResultType(message)).toBe(message);
  });
});
