// Command-line arguments: flags that take one value, several values, or none.

import { reasonOf } from '../build/errno.ts';
import { closest, suggest } from '../model/validate.ts';

export class UsageError extends Error {
  override name = 'UsageError';
}

/** A decimal number as a person writes it: no hex, no blanks, no empty text. */
export const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A whole number in decimal digits only: no sign, no exponent, no hex, no blanks. */
export const WHOLE = /^\d+$/;

/** "cannot read FILE: ENOENT" for a failed read, naming the file and the system's reason. */
export function cannotRead(file: string, err: unknown): string {
  return `cannot read ${file}: ${reasonOf(err)}`;
}

export interface ArgSpec {
  /** Flags followed by one value; each may be given once. */
  readonly one: readonly string[];
  /**
   * Flags followed by one or more values (until the next flag); may repeat. A value must pass
   * the flag's test, if it has one: `--set a.b=1 g.json` stops before the file name.
   */
  readonly many: readonly string[];
  readonly takes?: Readonly<Record<string, (value: string) => boolean>>;
  /** What a flag's test takes, in words, for the refusal of a value it does not ("node ids"). */
  readonly what?: Readonly<Record<string, string>>;
  /**
   * Flags another command takes, and what this one says instead (build's answer to render's
   * --size: its resolution is --cells-per-view); the unknown flag's refusal says it.
   */
  readonly elsewhere?: Readonly<Record<string, string>>;
  /** Flags without a value. */
  readonly bare: readonly string[];
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly one: Map<string, string>;
  readonly many: Map<string, string[]>;
  readonly bare: Set<string>;
}

export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const out: ParsedArgs = { positional: [], one: new Map(), many: new Map(), bare: new Set() };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (!arg.startsWith('--')) {
      if (/^-[A-Za-z]/.test(arg)) throw new UsageError(`unknown option ${arg} (options start with --)`);
      out.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (spec.bare.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      out.bare.add(name);
    } else if (spec.one.includes(name)) {
      const value = inline ?? argv[++k];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      // An empty value (--out "" from an unset shell variable) would mean "here" or nothing: refused.
      if (value.trim() === '') throw new UsageError(`--${name} needs a value, got an empty one ("${value}")`);
      const before = out.one.get(name);
      if (before !== undefined) throw new UsageError(`--${name} is given twice ("${before}" and "${value}"): give it once`);
      out.one.set(name, value);
    } else if (spec.many.includes(name)) {
      const values = out.many.get(name) ?? [];
      const takes = (spec.takes && Object.hasOwn(spec.takes, name) ? spec.takes[name] : undefined) ?? (() => true);
      // --set=a.b=1 gives exactly one value; --set a.b=1 c.d=2 takes values up to the next flag
      // or the first word that cannot be one (the graph file after the values).
      if (inline !== undefined) values.push(inline);
      else while (k + 1 < argv.length && !argv[k + 1].startsWith('--') && takes(argv[k + 1])) values.push(argv[++k]);
      if (!values.length) {
        const next = argv[k + 1] !== undefined && !argv[k + 1].startsWith('--') ? argv[k + 1] : undefined;
        const what = spec.what && Object.hasOwn(spec.what, name) ? spec.what[name] : undefined;
        if (next !== undefined && what) throw new UsageError(`--${name} takes ${what}, got "${next}"`);
        throw new UsageError(`--${name} needs at least one value${next !== undefined ? `, got "${next}"` : ''}`);
      }
      out.many.set(name, values);
    } else {
      // What to give instead (for another command's flag, or a near miss of one: build's --sise
      // was asked "did you mean --tile?"), or the close one, or every option the command takes.
      const own = [...spec.one, ...spec.many, ...spec.bare];
      const away = Object.keys(spec.elsewhere ?? {}).filter((f) => !own.includes(f));
      const near = closest(`--${name}`, [...own, ...away].map((f) => `--${f}`))?.slice(2);
      const other = away.includes(name) ? name : near !== undefined && away.includes(near) ? near : undefined;
      throw new UsageError(`unknown option --${name}${other !== undefined ? ` (${spec.elsewhere![other]})` : suggest(`--${name}`, own.map((f) => `--${f}`))}`);
    }
  }
  return out;
}
