// The one-file share: hostile text stays text, nothing can load or run, the embedded transcript reads back whole.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../transcript/transcript';
import { buildHtmlFile, HTML_FILE_CSP } from './build-html-file';
import { HTML_FILE_STYLE, HTML_FILE_STYLE_HASH } from './html-file-style';
import { readHtmlFile } from './read-html-file';
import { MAX_INLINE_MEDIA_CHARS } from './render-html-blocks';

const HOSTILE = `</script><img src=x onerror="alert(1)"><!-- <script>alert(2)</script> \u2028 "' &amp;`;

function fixture(name: string): Transcript {
  return JSON.parse(readFileSync(`test/fixtures/transcripts/v2/${name}.json`, 'utf8')) as Transcript;
}

/** A real HTML parser's view of the file (no script runs in it). */
function parse(html: string): Document {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true } });
  window.document.write(html);
  return window.document as unknown as Document;
}

function hostile(): Transcript {
  const transcript = fixture('demo-weather-clothing');
  transcript.system = HOSTILE;
  transcript.messages[0] = { role: 'user', content: [{ type: 'text', text: HOSTILE }] };
  const round = transcript.rounds[0]!;
  round.response!.content.unshift({ type: 'text', text: HOSTILE });
  round.toolCalls[0]!.name = HOSTILE;
  round.toolCalls[0]!.input = { q: HOSTILE };
  round.toolCalls[0]!.content = [{ type: 'text', text: HOSTILE }];
  return transcript;
}

describe('buildHtmlFile', () => {
  it('keeps hostile model and tool text as text: one data script, no other element, attribute or handler', () => {
    const html = buildHtmlFile(hostile());
    const document = parse(html);
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('type'))).toEqual(['application/json']);
    expect(document.querySelectorAll('img, iframe, object, embed, link, base, form')).toHaveLength(0);
    const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => attribute.name),
    );
    expect(handlers).toEqual([]);
    // The text shows as written: in the system prompt, the prompt, the reply, the call's name, input and result.
    expect(document.querySelector('section[aria-label="System prompt"] pre')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('article[aria-label="Round 1"]')?.textContent).toContain(HOSTILE);
  });

  it('embeds the transcript so it reads back equal, whatever its text', () => {
    const transcript = hostile();
    const read = readHtmlFile(buildHtmlFile(transcript));
    if ('problem' in read) throw new Error(read.problem);
    expect(JSON.parse(read.json)).toEqual(transcript);
  });

  it('forbids every request by its CSP; the one stylesheet is allowed by its hash', () => {
    const document = parse(buildHtmlFile(fixture('demo-weather-clothing')));
    const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(csp).toBe(HTML_FILE_CSP);
    expect(csp).toMatch(
      /^default-src 'none'; img-src data:; style-src 'sha256-[^']+'; base-uri 'none'; form-action 'none'$/,
    );
    const hash = createHash('sha256').update(HTML_FILE_STYLE).digest('base64');
    expect(HTML_FILE_STYLE_HASH).toBe(`'sha256-${hash}'`);
    expect(document.querySelector('style')?.textContent).toBe(HTML_FILE_STYLE);
  });

  it('shows a small image inline; leaves out one over the cap, an SVG and bad base64, saying so', () => {
    const transcript = fixture('image-result');
    const html = buildHtmlFile(transcript);
    expect(parse(html).querySelectorAll('img[src^="data:image/png;base64,"]').length).toBeGreaterThan(0);
    const call = transcript.rounds[0]!.toolCalls[0]!;
    call.content = [
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(MAX_INLINE_MEDIA_CHARS + 4) },
      },
      { type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: 'PHN2Zz4=' } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: '"><script>' } },
    ];
    const document = parse(buildHtmlFile(transcript));
    expect(document.querySelectorAll('img')).toHaveLength(0);
    const notes = [...document.querySelectorAll('.note')].map((element) => element.textContent);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/left out: over the file's cap/),
        'An image (image/svg+xml) is not shown.',
        'An image (image/png) is not shown.',
      ]),
    );
  });

  it('reads only a Loupe data block back', () => {
    expect(readHtmlFile('<!doctype html><p>hi')).toEqual({
      problem: expect.stringMatching(/holds no Loupe transcript/) as unknown,
    });
    const cut = buildHtmlFile(fixture('demo-weather-clothing')).replace(/<\/script>[\s\S]*$/, '');
    expect(readHtmlFile(cut)).toEqual({ problem: expect.stringMatching(/cut short/) as unknown });
  });
});
