// Reads `name(key=value, …)` with Python literal values (strings, numbers, True/False/None, lists, dicts), as
// Gemma's documented function-calling prompt has the model write them. Never evaluates anything. Pure.

const MAX_DEPTH = 32;

class PythonReader {
  at = 0;
  constructor(readonly text: string) {}
  space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }
  take(token: string): boolean {
    this.space();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }
  expect(token: string): void {
    if (!this.take(token)) throw new Error(`expected "${token}" at ${this.at}`);
  }
  name(): string {
    this.space();
    const found = /^[A-Za-z_][\w.-]*/.exec(this.text.slice(this.at))?.[0];
    if (!found) throw new Error(`expected a name at ${this.at}`);
    this.at += found.length;
    return found;
  }
  string(quote: string): string {
    let out = '';
    for (this.at += 1; this.at < this.text.length; this.at += 1) {
      const char = this.text[this.at] ?? '';
      if (char === quote) {
        this.at += 1;
        return out;
      }
      if (char === '\\') {
        this.at += 1;
        const next = this.text[this.at] ?? '';
        out += ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[next] ?? next;
      } else out += char;
    }
    throw new Error('a string is not closed');
  }
  value(depth: number): unknown {
    if (depth > MAX_DEPTH) throw new Error(`values nest more than ${MAX_DEPTH} deep`);
    this.space();
    const char = this.text[this.at] ?? '';
    if (char === '"' || char === "'") return this.string(char);
    if (char === '[') return this.list(depth, ']');
    if (char === '(') return this.list(depth, ')');
    if (char === '{') return this.dict(depth);
    const word = /^(True|False|None|true|false|null|-?\d+(\.\d+)?([eE][-+]?\d+)?)/.exec(this.text.slice(this.at))?.[0];
    if (word === undefined) throw new Error(`expected a value at ${this.at}`);
    this.at += word.length;
    if (word === 'True' || word === 'true') return true;
    if (word === 'False' || word === 'false') return false;
    if (word === 'None' || word === 'null') return null;
    return Number(word);
  }
  list(depth: number, close: string): unknown[] {
    this.at += 1;
    const items: unknown[] = [];
    while (!this.take(close)) {
      items.push(this.value(depth + 1));
      if (!this.take(',')) {
        this.expect(close);
        break;
      }
    }
    return items;
  }
  dict(depth: number): Record<string, unknown> {
    this.at += 1;
    const out: Record<string, unknown> = {};
    while (!this.take('}')) {
      const key = this.value(depth + 1);
      this.expect(':');
      Object.defineProperty(out, String(key), {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      if (!this.take(',')) {
        this.expect('}');
        break;
      }
    }
    return out;
  }
}

/** The calls in `[a(x=1), b(y="z")]` or a bare `a(x=1)`, or why it is not that. */
export function readPythonCalls(text: string): { name: string; arguments: Record<string, unknown> }[] | string {
  const reader = new PythonReader(text);
  try {
    const listed = reader.take('[');
    const calls: { name: string; arguments: Record<string, unknown> }[] = [];
    do {
      const name = reader.name();
      reader.expect('(');
      const args: Record<string, unknown> = {};
      while (!reader.take(')')) {
        const key = reader.name();
        reader.expect('=');
        // defineProperty: a key named `__proto__` is a plain key, not the prototype.
        Object.defineProperty(args, key, {
          value: reader.value(0),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        if (!reader.take(',')) {
          reader.expect(')');
          break;
        }
      }
      calls.push({ name, arguments: args });
    } while (reader.take(','));
    if (listed) reader.expect(']');
    reader.space();
    if (reader.at !== text.length) return `text follows the call at ${reader.at}`;
    return calls;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
