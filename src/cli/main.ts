// The `terrain-graph` command: render, check and format graph files. Exit codes: 0 success,
// 2 a bad file, option or --set (the report on stderr), 1 anything else.

import { reasonOf } from '../build/errno.ts';
import { startNodeThreads } from '../parallel/node-threads.ts';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseGraph, serializeGraph } from '../model/format.ts';
import { GraphError } from '../model/problems.ts';
import { readinessProblems } from '../model/validate.ts';
import { UsageError } from './args.ts';
import { BUILD_USAGE, buildCommand } from './build.ts';
import { dropMissingWiresNote, readGraphText } from './files.ts';
import { RENDER_USAGE, renderCommand } from './render.ts';

const CHECK_USAGE = `  terrain-graph check <graph.json> …            validate files, list every problem
  terrain-graph format <graph.json> …           rewrite files in the canonical layout`;

const USAGE = `terrain-graph — procedural terrain and climate as a graph

  terrain-graph render <graph.json> [options]   evaluate and write layers (see render --help)
  terrain-graph build <graph.json> [options]    build a world region as engine-ready tiles (see build --help)
${CHECK_USAGE}

${RENDER_USAGE}`;

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

/**
 * check: every problem of every file, what render would refuse included (an input without a
 * wire). format: the same, then each good file rewritten in place (a new file moved over the
 * old, so a failed write leaves it whole). Every file is tried, whatever happened to the others.
 */
function check(args: readonly string[], io: Io, rewrite: boolean): number {
  const command = rewrite ? 'format' : 'check';
  const options = args.filter((a) => a.startsWith('--'));
  if (options.length) throw new UsageError(`${command} takes no options, got ${options.join(' ')}`);
  if (!args.length) throw new UsageError(`${command} needs at least one graph file`);
  let bad = 0;
  let failed = 0;
  for (const file of args) {
    let text: string;
    try {
      text = readGraphText(file);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      io.err(err.message);
      bad++;
      continue;
    }
    try {
      const graph = parseGraph(text, { file: basename(file) });
      const notReady = readinessProblems(graph);
      if (notReady.length) throw new GraphError(notReady, basename(file));
      // Only format needs the canonical text: check of a 100,000-node file skips a second pass.
      const canonical = rewrite ? serializeGraph(graph) : text;
      if (canonical !== text) {
        replaceFile(file, canonical);
        io.out(`${file}: rewritten`);
      } else io.out(`${file}: ok`);
    } catch (err) {
      if (err instanceof GraphError) {
        const way = dropMissingWiresNote(text, err, basename(file));
        io.err(way ? `${err.message}\n${way}` : err.message);
        bad++;
      } else {
        io.err(`${file}: ${err instanceof Error ? err.message : String(err)}`);
        failed++;
      }
    }
  }
  return bad ? 2 : failed ? 1 : 0;
}

/** Writes a file's new text beside it and moves it over the old one. */
function replaceFile(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (err) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Not ours to remove (a folder of that name): left as it was.
    }
    throw new Error(`cannot rewrite it: ${reasonOf(err)}; the file is as it was`);
  }
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
        // A large grid is worth the worker threads' start-up (about half a second): the kernels
        // that split by rows then use every core, with the same bytes as one thread. Started by
        // renderCommand once every option and the file are checked: `--size 1e9` once started
        // them and then refused the size.
        const result = await renderCommand(rest, io.err, { startThreads: (size) => (size >= 512 ? startNodeThreads() : undefined) });
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
      case 'format':
        // As render and build answer it: "check takes no options, got --help" answered a person asking how.
        if (rest.includes('--help')) {
          io.out(`${CHECK_USAGE}\n\n  Both take no options; the exit code is 2 when a file has problems.`);
          return 0;
        }
        return check(rest, io, command === 'format');
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
