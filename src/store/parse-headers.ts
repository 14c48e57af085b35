// "Name: value" lines from the Headers box into a header record, with a plain-words problem per bad line.
import { setOwn } from '../shared/own-keys';

export interface ParsedHeaders {
  headers: Record<string, string>;
  problems: string[];
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(text: string): ParsedHeaders {
  const headers: Record<string, string> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    const colon = trimmed.indexOf(':');
    const name = colon === -1 ? '' : trimmed.slice(0, colon).trim();
    if (colon === -1 || !HEADER_NAME.test(name)) {
      problems.push(`Line ${index + 1} is not a header: write it as "Name: value".`);
      return;
    }
    setOwn(headers, name, trimmed.slice(colon + 1).trim());
  });
  return { headers, problems };
}
