import { describe, expect, it } from 'vitest';
import { elicitationDefaults } from './elicitation-defaults';

describe('elicitationDefaults', () => {
  it('takes each default that fits its field and skips the rest', () => {
    expect(
      elicitationDefaults({
        type: 'object',
        properties: {
          name: { type: 'string', default: 'John Doe' },
          age: { type: 'integer', default: 30 },
          score: { type: 'number', default: 95.5 },
          status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
          verified: { type: 'boolean', default: true },
          bad: { type: 'integer', default: 2.5 },
          outside: { type: 'string', enum: ['a'], default: 'b' },
          none: { type: 'string' },
        },
      }),
    ).toEqual({ name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true });
  });
});
