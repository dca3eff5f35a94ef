// Problems found in a graph, each with the JSON path it concerns, and the error that carries them.

export interface Problem {
  /** JSON path into the file, e.g. `$.nodes[2].params.octaves`. */
  readonly path: string;
  readonly message: string;
  /** The line of the file the path starts on, when the problem came from file text the editor opened (see linesOfPaths). */
  readonly line?: number;
  /** Set on the line that stands for the problems not listed ("and 476 more problems"): how many. */
  readonly more?: number;
  /** Set on a wire whose node is missing (deleted by hand): that node's id; the editor can open the file without such wires. */
  readonly missingNode?: string;
  /** With missingNode: the wire in words, "the wire from Water level · terrain to missing "rank" · terrain". */
  readonly wire?: string;
}

/** How many problems a list stands for: the line for those not listed counts as that many. */
export function problemCount(problems: readonly Problem[]): number {
  return problems.reduce((n, p) => n + (p.more ?? 1), 0);
}

/** Thrown by parseGraph and by edits that would make a graph invalid; lists every problem. */
export class GraphError extends Error {
  readonly problems: readonly Problem[];
  /** The file the problems are in, when known. */
  readonly file: string | undefined;
  /** How many problems were found, those left out of the list too. */
  readonly total: number;

  /** `note`: a line after the list (the command line's way out of a file's problems). */
  constructor(problems: readonly Problem[], file?: string, note?: string) {
    super(note ? `${formatProblems(problems, file)}\n${note}` : formatProblems(problems, file));
    this.name = 'GraphError';
    this.problems = problems;
    this.file = file;
    this.total = problemCount(problems);
  }
}

export function formatProblems(problems: readonly Problem[], file?: string): string {
  const where = file ? `${file}: ` : '';
  const n = problemCount(problems);
  const head = `${where}${n} problem${n === 1 ? '' : 's'} in the graph`;
  return [head, ...problems.map((p) => `  ${p.path}: ${p.message}`)].join('\n');
}

/** Builds JSON paths: path('$', 'nodes', 2, 'id') → `$.nodes[2].id`. */
export function jsonPath(...parts: (string | number)[]): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (out === '') out = p;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(p)) out += `.${p}`;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Nested deeper than the stack allows (or cyclic, from a caller's object): say what it is.
    return Array.isArray(value) ? 'a deeply nested list' : 'a deeply nested object';
  }
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
