// Pure: the one stylesheet of an exported HTML file, and its hash for the file's CSP (no inline style else).

/** Kept small and plain: the file must read well in any browser, light or dark, with nothing loaded. */
export const HTML_FILE_STYLE = `:root{color-scheme:light dark;font:14px/1.5 system-ui,sans-serif}
body{max-width:960px;margin:2rem auto;padding:0 1rem}
header,article,section{border:1px solid #8884;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
h1{font-size:1.3rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:0}dt{opacity:.7}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#8881;padding:.5rem;border-radius:6px;margin:.25rem 0}
.call{border-left:3px solid #66f8;padding-left:.75rem;margin:.5rem 0}.error{border-left-color:#e448}
.note{opacity:.75;font-style:italic}img{max-width:100%}`;

/** `'sha256-…'` of HTML_FILE_STYLE, for `style-src` (a unit test recomputes it, so the two cannot drift). */
export const HTML_FILE_STYLE_HASH = "'sha256-lqp9qqzElsd+277RpkhSxMZ0XhD1xiCUslkuYn8x82k='";
