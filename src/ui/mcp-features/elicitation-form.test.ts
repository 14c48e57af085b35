import { describe, expect, it } from 'vitest';
import type { ElicitationSchema } from '../../protocol/mcp-feature-messages';
import { checkElicitationValues } from './elicitation-form';

describe('checkElicitationValues with fields named after Object.prototype members', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'finds a required %s field empty until the person fills it',
    (key) => {
      const schema = JSON.parse(
        `{"type": "object", "properties": {"${key}": {"type": "string", "title": "Field"}}, "required": ["${key}"]}`,
      ) as ElicitationSchema;
      expect(checkElicitationValues(schema, {})).toEqual(['Field is required.']);
      expect(checkElicitationValues(schema, JSON.parse(`{"${key}": "filled"}`) as Record<string, string>)).toEqual([]);
    },
  );
});
