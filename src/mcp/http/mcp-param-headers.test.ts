import { describe, expect, it } from 'vitest';
import { encodeMcpParamValue, mcpParamHeaders, scanMcpParamHeaders } from './mcp-param-headers';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('scanMcpParamHeaders', () => {
  it('finds marks on plain and nested properties', () => {
    const scan = scanMcpParamHeaders(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: { type: 'object', properties: { verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' } } },
        note: { type: 'string', default: { 'x-mcp-header': 'NotAMark' } },
      }),
    );
    expect(scan).toEqual({
      valid: true,
      marks: [
        { path: ['region'], headerName: 'Region' },
        { path: ['options', 'verbose'], headerName: 'Verbose' },
      ],
    });
  });

  it.each([
    ['empty name', schema({ a: { type: 'string', 'x-mcp-header': '' } })],
    ['non-string name', schema({ a: { type: 'string', 'x-mcp-header': 7 } })],
    ['space in name', schema({ a: { type: 'string', 'x-mcp-header': 'My Region' } })],
    ['colon in name', schema({ a: { type: 'string', 'x-mcp-header': 'a:b' } })],
    ['non-ASCII name', schema({ a: { type: 'string', 'x-mcp-header': 'Régión' } })],
    ['control character', schema({ a: { type: 'string', 'x-mcp-header': 'a\u0001' } })],
    ['object type', schema({ a: { type: 'object', 'x-mcp-header': 'A' } })],
    ['array type', schema({ a: { type: 'array', 'x-mcp-header': 'A' } })],
    ['number type', schema({ a: { type: 'number', 'x-mcp-header': 'A' } })],
    ['null type', schema({ a: { type: 'null', 'x-mcp-header': 'A' } })],
    ['no type', schema({ a: { 'x-mcp-header': 'A' } })],
    [
      'duplicate ignoring case',
      schema({ a: { type: 'string', 'x-mcp-header': 'Id' }, b: { type: 'string', 'x-mcp-header': 'ID' } }),
    ],
    ['under items', schema({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['under anyOf', schema({}, { anyOf: [schema({ a: { type: 'string', 'x-mcp-header': 'A' } })] })],
    ['under $defs', schema({}, { $defs: { a: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['on the root', { type: 'object', 'x-mcp-header': 'Root' }],
  ])('refuses a mark with %s', (_, inputSchema) => {
    expect(scanMcpParamHeaders(inputSchema).valid).toBe(false);
  });

  it('accepts a schema without marks, and odd schemas', () => {
    expect(scanMcpParamHeaders(schema({ a: { type: 'string' } }))).toEqual({ valid: true, marks: [] });
    expect(scanMcpParamHeaders(undefined)).toEqual({ valid: true, marks: [] });
  });
});

describe('mcpParamHeaders', () => {
  const marks = [
    { path: ['region'], headerName: 'Region' },
    { path: ['priority'], headerName: 'Priority' },
    { path: ['debug'], headerName: 'Debug' },
    { path: ['o', 'deep'], headerName: 'Deep' },
  ];

  it('mirrors primitives and skips what is absent, null or not primitive', () => {
    expect(mcpParamHeaders(marks, { region: 'us-west1', priority: 42, debug: false, o: { deep: null } })).toEqual({
      'Mcp-Param-Region': 'us-west1',
      'Mcp-Param-Priority': '42',
      'Mcp-Param-Debug': 'false',
    });
    expect(mcpParamHeaders(marks, { region: { x: 1 }, priority: Number.NaN, debug: 2 ** 60 })).toEqual({});
  });

  it('sends unsafe text as base64 of its UTF-8', () => {
    expect(encodeMcpParamValue('plain value')).toBe('plain value');
    expect(encodeMcpParamValue('')).toBe('=?base64??=');
    expect(encodeMcpParamValue(' lead')).toBe(`=?base64?${Buffer.from(' lead').toString('base64')}?=`);
    expect(encodeMcpParamValue('日本')).toBe(`=?base64?${Buffer.from('日本').toString('base64')}?=`);
    expect(encodeMcpParamValue('a\r\nb')).toBe(`=?base64?${Buffer.from('a\r\nb').toString('base64')}?=`);
    expect(encodeMcpParamValue('=?base64?x?=')).toBe(`=?base64?${Buffer.from('=?base64?x?=').toString('base64')}?=`);
    expect(encodeMcpParamValue('x'.repeat(200_000))).toBe('x'.repeat(200_000));
    expect(encodeMcpParamValue('é'.repeat(200_000))).toMatch(/^=\?base64\?/);
  });
});
