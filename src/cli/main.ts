// The `terrain-graph` command: render, check and format graph files. Exit codes: 0 success,
// 2 a bad file, option or --set (the report on stderr), 1 anything else.

import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseGraph, serializeGraph } from '../model/format.ts';
import { GraphError } from '../model/problems.ts';
import { cannotRead, UsageError } from './args.ts';
import { BUILD_USAGE, buildCommand } from './build.ts';
import { RENDER_USAGE, renderCommand } from './render.ts';

const USAGE = `terrain-graph — procedural terrain and climate as a graph

  terrain-graph render <graph.json> [options]   evaluate and write layers (see render --help)
  terrain-graph build <graph.json> [options]    build a world region as engine-ready tiles (see build --help)
  terrain-graph check <graph.json> …            validate files, list every problem
  terrain-graph format <graph.json> …           rewrite files in the canonical layout

${RENDER_USAGE}`;

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

function check(files: readonly string[], io: Io, rewrite: boolean): number {
  if (!files.length) throw new UsageError(`${rewrite ? 'format' : 'check'} needs at least one graph file`);
  let bad = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      io.err(cannotRead(file, err));
      bad++;
      continue;
    }
    try {
      const canonical = serializeGraph(parseGraph(text, { file: basename(file) }));
      if (rewrite && canonical !== text) {
        writeFileSync(file, canonical);
        io.out(`${file}: rewritten`);
      } else io.out(`${file}: ok`);
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      io.err(err.message);
      bad++;
    }
  }
  return bad ? 2 : 0;
}

/** Runs the command line; returns the exit code. Never lets a stack trace reach the user. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'render': {
        if (rest.includes('--help')) {
          io.out(RENDER_USAGE);
          return 0;
        }
        const result = renderCommand(rest, io.err);
        if (result.stats) io.out(JSON.stringify(result.stats.length === 1 ? result.stats[0] : result.stats, null, 2));
        else io.err(`wrote ${result.written.length} file${result.written.length === 1 ? '' : 's'}: ${result.written.join(', ')}`);
        return 0;
      }
      case 'build':
        if (rest.includes('--help')) {
          io.out(BUILD_USAGE);
          return 0;
        }
        return await buildCommand(rest, io.out, io.err);
      case 'check':
        return check(rest, io, false);
      case 'format':
        return check(rest, io, true);
      case undefined:
      case '--help':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof GraphError || err instanceof UsageError) {
      io.err(err.message);
      return 2;
    }
    io.err(`terrain-graph: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
