// The code QuickJS runs before a handler: a console and the helpers the host reads results through.

/**
 * A QuickJS expression: a function of the caps that installs `console` and returns the helpers the host
 * calls (`parse`, `bounded`, `describe`, `readConsole`). It runs inside the interpreter, never in the browser's
 * JavaScript engine. It keeps its own copies of `JSON` and `String.prototype.slice`, so a handler that
 * replaces the globals only spoils its own result, and it never builds a string longer than its cap plus
 * the value it was given: a result over the output cap is measured, not copied.
 */
export const SANDBOX_PRELUDE = `(function (limits) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const toText = String;
  const slice = Function.prototype.call.bind(String.prototype.slice);
  const push = Function.prototype.call.bind(Array.prototype.push);
  const exec = Function.prototype.call.bind(RegExp.prototype.exec);
  const isError = (value) => value instanceof Error;
  const freeze = Object.freeze;
  const tooBig = {};
  const lines = [];
  let dropped = 0;

  const clip = (text, max) => (text.length > max ? slice(text, 0, max) + '…' : text);

  // 't' + a string result, 'j' + JSON text, 'n' for nothing, 'x' + a type JSON cannot carry,
  // or a number: how many characters were counted when the value passed max.
  function bounded(value, max) {
    if (typeof value === 'string') return value.length > max ? value.length : 't' + value;
    if (value === undefined || value === null) return 'n';
    let size = 0;
    let text;
    try {
      text = stringify(value, function (key, item) {
        size += key.length + (typeof item === 'string' ? item.length : 8);
        if (size > max) throw tooBig;
        return item;
      });
    } catch (error) {
      if (error === tooBig) return size;
      throw error;
    }
    if (text === undefined) return 'x' + typeof value;
    return text.length > max ? text.length : 'j' + text;
  }

  function show(value) {
    if (typeof value === 'string') return value;
    try {
      if (isError(value)) return clip(toText(value.name), 100) + ': ' + clip(toText(value.message), limits.consoleLineCharacters);
      const text = bounded(value, limits.consoleLineCharacters);
      if (typeof text === 'number') return '[' + typeof value + ' too long to show]';
      if (text[0] === 'x') return '[' + slice(text, 1) + ']';
      return text === 'n' ? toText(value) : slice(text, 1);
    } catch (error) {
      try { return toText(value); } catch (again) { return '[unprintable ' + typeof value + ']'; }
    }
  }

  // 'memory' or 'stack' for a cap the interpreter hit, else 'e' + the error in one line.
  function describe(error) {
    try {
      if (!isError(error)) return 'e' + clip(typeof error === 'string' ? error : show(error), limits.errorCharacters);
      const name = clip(toText(error.name), 100);
      const message = clip(toText(error.message), limits.errorCharacters);
      if (name === 'InternalError' && message === 'out of memory') return 'memory';
      if (message === 'stack overflow' || (name === 'RangeError' && message === 'Maximum call stack size exceeded'))
        return 'stack';
      const at = exec(/handler\\.js:(\\d+)/, clip(toText(error.stack), limits.errorCharacters));
      return 'e' + clip(name + ': ' + message + (at === null ? '' : ' (line ' + at[1] + ')'), limits.errorCharacters);
    } catch (again) {
      return 'eThe handler failed with an error that cannot be read.';
    }
  }

  const write = (level) => function (...args) {
    if (lines.length >= limits.consoleLines) { dropped += 1; return; }
    let text = '';
    for (let index = 0; index < args.length && text.length <= limits.consoleLineCharacters; index += 1) {
      text += (index === 0 ? '' : ' ') + show(args[index]);
    }
    push(lines, level + ': ' + clip(text, limits.consoleLineCharacters));
  };

  globalThis.console = freeze({
    log: write('log'), info: write('info'), warn: write('warn'), error: write('error'), debug: write('debug'),
  });

  const readConsole = () => {
    if (dropped > 0) push(lines, '(' + dropped + ' more console lines not kept)');
    return stringify(lines);
  };

  return freeze({ parse, bounded, describe, readConsole });
})`;
