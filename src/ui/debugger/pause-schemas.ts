// JSON Schemas the pause panel's editors validate against as the person types.

const textBlock = {
  type: 'object',
  required: ['type', 'text'],
  properties: { type: { const: 'text' }, text: { type: 'string' } },
};
const imageBlock = {
  type: 'object',
  required: ['type', 'source'],
  properties: {
    type: { const: 'image' },
    source: {
      type: 'object',
      required: ['type', 'media_type', 'data'],
      properties: { type: { const: 'base64' }, media_type: { type: 'string' }, data: { type: 'string' } },
    },
  },
};

/** A tool result's content: text and image blocks. */
export const resultContentSchema: Record<string, unknown> = {
  type: 'array',
  minItems: 1,
  items: { anyOf: [textBlock, imageBlock] },
};

/** A Messages API `messages` array, as Loupe sends it. */
export const messagesSchema: Record<string, unknown> = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['role', 'content'],
    properties: {
      role: { enum: ['user', 'assistant'] },
      content: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['type'],
          properties: { type: { enum: ['text', 'image', 'tool_use', 'tool_result', 'thinking', 'document'] } },
        },
      },
    },
  },
};

/** The pending model request as the pause panel shows it (the Messages API's field names). */
export const requestSchema: Record<string, unknown> = {
  type: 'object',
  required: ['messages', 'tools', 'max_tokens'],
  additionalProperties: false,
  properties: {
    system: { type: 'string' },
    messages: messagesSchema,
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'description', 'input_schema'],
        properties: {
          name: { type: 'string', minLength: 1 },
          description: { type: 'string' },
          input_schema: { type: 'object' },
        },
      },
    },
    max_tokens: { type: 'integer', minimum: 1 },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    tool_choice: {
      anyOf: [
        { type: 'object', required: ['type'], properties: { type: { enum: ['auto', 'any', 'none'] } } },
        {
          type: 'object',
          required: ['type', 'name'],
          properties: { type: { const: 'tool' }, name: { type: 'string' } },
        },
      ],
    },
  },
};
