import { describe, expect, it } from 'vitest';
import {
  describeContainer,
  describeContextEdits,
  describeServerToolRequests,
  httpsHref,
  readCitation,
  readCodeResult,
  readSearchResults,
  readToolReferences,
  resultError,
  serverCallSubject,
  serverCallTitle,
} from './read-api-block';

describe('reading blocks of the API’s own for display', () => {
  it('links only absolute https URLs', () => {
    expect(httpsHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    for (const hostile of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://example.com',
      '//example.com',
      '/relative',
      'vbscript:msgbox',
      42,
      null,
      { href: 'https://x' },
    ])
      expect(httpsHref(hostile)).toBeUndefined();
  });

  it('reads a citation with its cited text, never linking a javascript: source', () => {
    expect(
      readCitation({ type: 'web_search_result_location', url: 'javascript:alert(1)', title: 'T', cited_text: 'c' }),
    ).toEqual({ title: 'T', url: 'javascript:alert(1)', href: undefined, citedText: 'c' });
    expect(readCitation({ type: 'char_location', document_title: 'Doc', cited_text: 'x' }).title).toBe('Doc');
  });

  it('reads search results, code runs of both shapes, tool references and errors, whatever their fields hold', () => {
    expect(
      readSearchResults([
        { type: 'web_search_result', url: 'https://a', title: 'A', page_age: '1 day' },
        { url: 'javascript:x', title: 7 },
        'junk',
      ]),
    ).toEqual([
      { title: 'A', url: 'https://a', href: 'https://a/', pageAge: '1 day' },
      { title: 'javascript:x', url: 'javascript:x', href: undefined, pageAge: undefined },
    ]);
    expect(readSearchResults({ not: 'a list' })).toEqual([]);
    expect(
      readCodeResult({
        type: 'bash_code_execution_result',
        stdout: 'o',
        stderr: 'e',
        return_code: 2,
        content: [{ file_id: 'f' }, { nope: 1 }],
      }),
    ).toEqual({ stdout: 'o', stderr: 'e', returnCode: 2, files: ['f'] });
    expect(readCodeResult(null)).toEqual({ stdout: '', stderr: '', returnCode: undefined, files: [] });
    expect(readToolReferences({ tool_references: [{ tool_name: 'a' }, { tool_name: 3 }] })).toEqual(['a']);
    expect(resultError({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' })).toBe(
      'max_uses_exceeded',
    );
    expect(resultError([])).toBeUndefined();
  });

  it('names server calls and their subject', () => {
    expect(serverCallTitle({ type: 'server_tool_use', name: 'web_search' })).toBe('Web search');
    expect(serverCallTitle({ type: 'server_tool_use', name: 'bash_code_execution' })).toBe('Code execution');
    expect(serverCallTitle({ type: 'server_tool_use', name: 'tool_search_tool_bm25' })).toBe('Tool search');
    expect(serverCallTitle({ type: 'mcp_tool_use', name: 'x', server_name: 'docs' })).toBe('MCP connector · docs');
    expect(serverCallSubject({ type: 'server_tool_use', input: { command: 'ls' } })).toEqual({
      label: 'command',
      value: 'ls',
      code: true,
    });
    expect(serverCallSubject({ type: 'server_tool_use', input: 'odd' })).toBeUndefined();
  });

  it('says what context edits cleared and saved, and counts server tool requests', () => {
    expect(
      describeContextEdits({
        applied_edits: [
          { type: 'clear_tool_uses_20250919', cleared_tool_uses: 3, cleared_input_tokens: 4200 },
          { type: 'clear_thinking_20251015', cleared_thinking_turns: 1 },
          'junk',
        ],
      }),
    ).toEqual([
      'clear_tool_uses_20250919: cleared 3 tool uses · 4,200 input tokens saved',
      'clear_thinking_20251015: cleared thinking of 1 turn',
    ]);
    expect(describeServerToolRequests({ web_search_requests: 2, web_fetch_requests: 1, other: 0 })).toBe(
      '2 web searches, 1 web fetch',
    );
    expect(describeServerToolRequests({})).toBeUndefined();
  });

  it('names the code execution container and when it expires, and nothing for a container without an id', () => {
    expect(describeContainer({ id: 'container_011', expires_at: '2026-12-04T14:00:00Z' })).toBe(
      "Code execution container container_011, until 2026-12-04T14:00:00Z: the run's next request goes on in it.",
    );
    expect(describeContainer({ id: 'c', expires_at: 7 })).toBe(
      "Code execution container c: the run's next request goes on in it.",
    );
    expect(describeContainer({ id: 42 })).toBeUndefined();
  });
});
