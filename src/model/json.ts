// A strict JSON reader for graph files: every refusal says where (line, column, and the JSON
// path for a repeated key), nesting is bounded, and a key given twice is an error.
//
// JSON.parse cannot do this: it resolves a repeated key silently (the last one wins, so a
// rewrite drops the other value), its messages give a position for some errors and none for
// others depending on the engine, and it walks any depth of `[[[…` before refusing it.

/** Why a text is not acceptable JSON, and where. */
export class JsonError extends Error {
  override name = 'JsonError';
  constructor(
    message: string,
    /** 1-based line and column (in UTF-16 code units) of the offending character. */
    readonly line: number,
    readonly column: number,
    /** For a key given twice: the JSON path of the key (the message gives both places). */
    readonly path?: string,
  ) {
    super(message);
  }
}

export interface JsonLimits {
  /** Deepest nesting of lists and objects accepted. */
  readonly maxDepth: number;
}

const WS = new Uint8Array(128);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;

/**
 * Line and column (1-based) of an offset in the text. A line ends at LF, CRLF or a CR alone (an
 * old Mac's files, which a text editor still counts in lines): such a file was all "line 1".
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (const m of text.slice(0, offset).matchAll(/\r\n?|\n/g)) {
    // A CR just before the offset whose LF is at it ends its line with that LF, not before it.
    if (m[0] === '\r' && m.index + 1 === offset && text.charCodeAt(offset) === 0x0a) break;
    line++;
    start = m.index + m[0].length;
  }
  return { line, column: offset - start + 1 };
}

/** A character as a message shows it. */
function shown(text: string, at: number): string {
  if (at >= text.length) return 'the end of the text';
  const c = text.codePointAt(at)!;
  if (c < 0x20 || c === 0x7f) return `the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${String.fromCodePoint(c)}"`;
}

/** Builds a JSON path from the parser's stack of keys and indices. */
function pathOf(parts: readonly (string | number)[]): string {
  let out = '$';
  for (const p of parts) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p)) out += `.${p}`;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

const ESCAPES = new Map([['"', '"'], ['\\', '\\'], ['/', '/'], ['b', '\b'], ['f', '\f'], ['n', '\n'], ['r', '\r'], ['t', '\t']]);

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * Parses JSON text into plain values. Throws a JsonError naming the line and column of the
 * first mistake, with a hint for the usual ones (NaN, a trailing comma, single quotes, comments).
 */
export function parseJson(text: string, limits: JsonLimits = { maxDepth: 64 }): unknown {
  let i = 0;
  const path: (string | number)[] = [];

  const fail = (message: string, at = i): never => {
    const { line, column } = lineColumn(text, at);
    throw new JsonError(`${message} (line ${line}, column ${column})`, line, column);
  };
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c < 128 && WS[c]) i++;
      else if (c === 0x2f && (text[i + 1] === '/' || text[i + 1] === '*')) fail('JSON has no comments');
      else return;
    }
  };
  const unexpected = (what: string): never => {
    const c = text[i];
    if (c === "'") return fail(`strings take double quotes, not single ones, ${what}`);
    for (const word of ['NaN', 'Infinity', '-Infinity', 'undefined']) {
      if (text.startsWith(word, i)) return fail(`${word} is not a JSON value: write a number (or null)`);
    }
    // "unexpected the end of the text where a value should be" did not read: say it plainly.
    if (i >= text.length) return fail(`the text ends ${what}`);
    return fail(`unexpected ${shown(text, i)} ${what}`);
  };

  const string = (): string => {
    const start = ++i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x22) return text.slice(start, i++);
      if (c === 0x5c) break;
      if (c < 0x20 || i >= text.length) {
        if (i >= text.length) return fail('the text ends inside a string', start - 1);
        return fail(`a string holds ${shown(text, i)}: write it as an escape such as \\n`);
      }
      i++;
    }
    // With escapes: build the string piece by piece.
    let out = text.slice(start, i);
    for (;;) {
      const c = text.charCodeAt(i);
      if (i >= text.length) return fail('the text ends inside a string', start - 1);
      if (c === 0x22) {
        i++;
        return out;
      }
      if (c < 0x20) return fail(`a string holds ${shown(text, i)}: write it as an escape such as \\n`);
      if (c !== 0x5c) {
        out += text[i++];
        continue;
      }
      const e = text[i + 1];
      const simple = e === undefined ? undefined : ESCAPES.get(e);
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else {
        return fail(`a string holds the unknown escape "\\${e ?? ''}"`);
      }
    }
  };

  const value = (depth: number): unknown => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= limits.maxDepth) return fail(`nested deeper than ${limits.maxDepth} lists and objects`);
      return c === '{' ? object(depth + 1) : list(depth + 1);
    }
    if (c === '"') return string();
    if (c === 't' && text.startsWith('true', i)) return (i += 4), true;
    if (c === 'f' && text.startsWith('false', i)) return (i += 5), false;
    if (c === 'n' && text.startsWith('null', i)) return (i += 4), null;
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return unexpected('where a value should be');
      const next = text[i + m[0].length];
      if (next !== undefined && /[0-9.eExX+\-]/.test(next)) return fail(`a number is malformed: "${text.slice(i, i + m[0].length + 1)}…"`);
      i += m[0].length;
      return Number(m[0]);
    }
    return unexpected('where a value should be');
  };

  const list = (depth: number): unknown[] => {
    const open = i++;
    const out: unknown[] = [];
    skip();
    if (text[i] === ']') return i++, out;
    for (;;) {
      path.push(out.length);
      out.push(value(depth));
      path.pop();
      skip();
      const c = text[i];
      if (c === ']') return i++, out;
      if (c !== ',') {
        if (i >= text.length) return fail(`the text ends inside a list (opened at ${where(open)})`);
        return unexpected('after a list item: expected "," or "]"');
      }
      const comma = i++;
      skip();
      if (text[i] === ']') return fail('a trailing comma before "]"', comma);
    }
  };

  const object = (depth: number): Record<string, unknown> => {
    const open = i++;
    const out: Record<string, unknown> = {};
    const firstAt = new Map<string, number>();
    skip();
    if (text[i] === '}') return i++, out;
    for (;;) {
      skip();
      if (text[i] !== '"') {
        if (i >= text.length) return fail(`the text ends inside an object (opened at ${where(open)})`);
        return unexpected('where a key in double quotes should be');
      }
      const keyAt = i;
      const key = string();
      skip();
      if (text[i] !== ':') return unexpected(`after the key "${key}": expected ":"`);
      i++;
      if (firstAt.has(key)) {
        const { line, column } = lineColumn(text, keyAt);
        const second = pathOf([...path, key]);
        const first = lineColumn(text, firstAt.get(key)!);
        throw new JsonError(
          `the key "${key}" is given twice: at line ${first.line}, column ${first.column} and at line ${line}, column ${column}`,
          line,
          column,
          second,
        );
      }
      firstAt.set(key, keyAt);
      path.push(key);
      const v = value(depth);
      path.pop();
      // A key "__proto__" is an own property, as JSON.parse makes it, never the prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
      skip();
      const c = text[i];
      if (c === '}') return i++, out;
      if (c !== ',') {
        if (i >= text.length) return fail(`the text ends inside an object (opened at ${where(open)})`);
        return unexpected('after a value in an object: expected "," or "}"');
      }
      const comma = i++;
      skip();
      if (text[i] === '}') return fail('a trailing comma before "}"', comma);
    }
  };

  const where = (offset: number) => {
    const { line, column } = lineColumn(text, offset);
    return `line ${line}, column ${column}`;
  };

  skip();
  if (i >= text.length) return fail('the text is empty');
  const result = value(0);
  skip();
  if (i < text.length) return unexpected('after the end of the JSON value');
  return result;
}

/**
 * The line (1-based) each of `paths` starts on in JSON text that reads (parseJson accepts it),
 * or, for a path the text does not hold (a key left out), the line of its nearest ancestor that
 * it holds; the root `$` is not given a line. Paths are written as the parser writes them
 * (`$.nodes[12].params.angle`). Only the values on the way to those paths are named, so a large
 * file costs one pass over its characters. Text that does not read gives no lines.
 */
export function linesOfPaths(text: string, paths: readonly string[]): Map<string, number> {
  const found = new Map<string, number>();
  const wanted = new Set<string>();
  for (const p of paths) {
    // Every prefix of a path, cut before each `.key`, `[n]` or `["key"]`.
    for (const m of p.matchAll(/\.[A-Za-z_$][A-Za-z0-9_$]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\]/g)) wanted.add(p.slice(0, m.index));
    wanted.add(p);
  }
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      // A line ends at LF, CRLF (counted at its LF) or a CR alone (an old Mac's file).
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) line++;
      else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return;
      i++;
    }
  };
  const string = (): string => {
    const start = ++i;
    let escaped = false;
    while (i < text.length && text.charCodeAt(i) !== 0x22) {
      if (text.charCodeAt(i) === 0x5c) {
        escaped = true;
        i++;
      }
      i++;
    }
    const raw = text.slice(start, i++);
    return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  };
  const value = (at: string | null): void => {
    skip();
    if (at !== null && wanted.has(at)) found.set(at, line);
    else at = null;
    const c = text[i];
    if (c === '{') {
      i++;
      for (skip(); text[i] !== '}'; skip()) {
        if (text[i] === ',') {
          i++;
          skip();
        }
        const key = string();
        skip();
        i++; // the colon
        value(at === null ? null : at + pathOf([key]).slice(1));
      }
      i++;
    } else if (c === '[') {
      i++;
      for (let k = 0, first = true; ; first = false, k++) {
        skip();
        if (text[i] === ']') break;
        if (!first) {
          i++; // the comma
          skip();
        }
        value(at === null ? null : `${at}[${k}]`);
      }
      i++;
    } else if (c === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  };
  try {
    parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, { maxDepth: 64 });
  } catch {
    return found;
  }
  value('$');
  found.delete('$');
  const lines = new Map<string, number>();
  for (const p of paths) {
    let q = p;
    while (!found.has(q) && q !== '$') {
      const cut = [...q.matchAll(/\.[A-Za-z_$][A-Za-z0-9_$]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\]/g)].at(-1);
      q = cut ? q.slice(0, cut.index) : '$';
    }
    if (found.has(q)) lines.set(p, found.get(q)!);
  }
  return lines;
}
