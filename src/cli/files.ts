// The command line's files: graph files read within bounds, output folders made one level at a
// time, outputs written into a folder of their own and moved into place only when all are done.

import { closeSync, constants, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, type Stats, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { GRAPH_FILE_LIMITS, missingWires, parseGraph, parseWithoutMissingWires } from '../model/format.ts';
import type { Graph } from '../model/graph.ts';
import { GraphError } from '../model/problems.ts';
import { reasonOf } from '../build/errno.ts';
import { UsageError } from './args.ts';

/** What a path is, for a message: "a folder", "a device", … */
function kindOf(st: Stats): string {
  if (st.isFile()) return 'a file';
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isFIFO()) return 'a pipe';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function reason(err: unknown): string {
  return reasonOf(err);
}

/**
 * UTF-8 text, or UTF-16 decoded by its byte order mark as the browsers' File.text() does, so
 * the editor and the command line read the same files. UTF-16 without a mark is left for
 * parseGraph to name.
 */
function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
}

/** Megabytes, rounded up: a file one byte over 32 MB reads 32.1 MB, not 32.0. */
const MB = (bytes: number) => `${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * The text of a graph file. Refuses, before reading, what is not a regular file (a folder,
 * /dev/zero, a pipe: opened without blocking) and files over GRAPH_FILE_LIMITS.bytes; stops
 * reading at the limit in case the file grows meanwhile.
 */
export function readGraphText(file: string): string {
  const limit = GRAPH_FILE_LIMITS.bytes;
  const refuse = (why: string): never => {
    throw new UsageError(`cannot read ${file}: ${why}`);
  };
  let st: Stats;
  try {
    st = statSync(file);
  } catch (err) {
    return refuse(reason(err));
  }
  if (!st.isFile()) refuse(`it is ${kindOf(st)}, not a graph file`);
  if (st.size > limit) refuse(`it is ${MB(st.size)}; a graph file may be at most ${MB(limit)}`);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return refuse(reason(err));
  }
  try {
    if (!fstatSync(fd).isFile()) refuse('it changed into something that is not a regular file');
    const buffer = Buffer.alloc(Math.min(limit + 1, Math.max(st.size + 1, 64 * 1024)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > limit) refuse(`it grew past ${MB(limit)} while being read; a graph file may be at most ${MB(limit)}`);
        return refuse('it grew while being read');
      }
      const got = readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
    }
    return decodeText(buffer.subarray(0, length));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    return refuse(reason(err));
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a folder and its missing parents one level at a time, naming the level that fails.
 * (mkdirSync's own recursive mode loops forever under /proc, where mkdir says ENOENT.)
 */
export function makeFolder(dir: string, option = '--out'): void {
  const missing: string[] = [];
  let cur = resolve(dir);
  for (;;) {
    let st: Stats | undefined;
    try {
      st = statSync(cur);
    } catch {
      st = undefined;
    }
    if (st) {
      if (!st.isDirectory()) throw new UsageError(`${option} ${dir}: ${cur} is ${kindOf(st)}, not a folder`);
      break;
    }
    missing.unshift(cur);
    const up = dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (err) {
      throw new UsageError(`${option} ${dir}: cannot make the folder ${d}: ${reason(err)}`);
    }
  }
}

/** The hidden staging folders' names: `.terrain-graph-<pid>-XXXXXX`, the pid of the render writing it. */
const STAGING_PREFIX = '.terrain-graph-';
const STAGING_NAME = /^\.terrain-graph-(\d+)-[A-Za-z0-9]{6}$/;

/** Is a process with this id running (here)? EPERM: it is, but another user's. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Staging folders being written, removed by the signal handlers below if the process is stopped. */
const open = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const SIGNAL_CODES: Record<(typeof SIGNALS)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function onSignal(signal: (typeof SIGNALS)[number]): void {
  for (const temp of open) rmSync(temp, { recursive: true, force: true });
  process.stderr.write(`terrain-graph: stopped by ${signal}; the unfinished outputs were removed, the output folder is as it was\n`);
  process.exit(128 + SIGNAL_CODES[signal]);
}

function track(temp: string): void {
  if (open.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  open.add(temp);
}

function untrack(temp: string): void {
  open.delete(temp);
  if (open.size === 0) for (const s of SIGNALS) process.off(s, onSignal);
}

/**
 * Output files written into a hidden folder inside the output folder, then moved into place
 * together: a write that fails part-way (a full disk) leaves the folder as it was. The hidden
 * folder is made at the first write (a render stopped while evaluating leaves nothing), removed
 * on failure and on SIGINT, SIGTERM and SIGHUP (the caller yields between files so the handler
 * runs); one left by a render that was killed outright (its pid no longer runs) is removed by
 * the next render into the same folder.
 */
export class Staging {
  private temp: string | null = null;
  private readonly names: string[] = [];

  constructor(readonly dir: string) {
    makeFolder(dir);
    // Can we write there? Asked now, before the work, with a folder made and removed at once.
    try {
      rmSync(mkdtempSync(join(dir, `${STAGING_PREFIX}${process.pid}-`)), { recursive: true });
    } catch (err) {
      throw new UsageError(`--out ${dir}: cannot write there: ${reason(err)}`);
    }
    this.removeStale();
  }

  /** Removes the staging folders of renders that no longer run (killed outright: SIGKILL, a power cut). */
  private removeStale(): void {
    let entries: string[];
    try {
      entries = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const m = STAGING_NAME.exec(name);
      if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue;
      rmSync(join(this.dir, name), { recursive: true, force: true });
    }
  }

  write(name: string, bytes: Uint8Array | string): void {
    try {
      if (this.temp === null) {
        this.temp = mkdtempSync(join(this.dir, `${STAGING_PREFIX}${process.pid}-`));
        track(this.temp);
      }
      writeFileSync(join(this.temp, name), bytes);
    } catch (err) {
      this.abandon();
      throw new Error(`cannot write ${join(this.dir, name)}: ${reason(err)}; nothing was written to ${this.dir}`);
    }
    this.names.push(name);
  }

  /** Moves every file into the output folder; returns their names in the order written. */
  commit(): string[] {
    const moved: string[] = [];
    const temp = this.temp;
    if (temp === null) return moved;
    let name = '';
    try {
      for (name of this.names) {
        renameSync(join(temp, name), join(this.dir, name));
        moved.push(name);
      }
    } catch (err) {
      this.abandon();
      const done = moved.length ? `only ${moved.join(', ')} reached ${this.dir}` : `nothing reached ${this.dir}`;
      // Which file, and for the likeliest cause the words: a folder where the file goes.
      const why = (err as NodeJS.ErrnoException).code === 'EISDIR' ? 'EISDIR (a folder of that name is in the way)' : reason(err);
      throw new Error(`cannot move ${name} into ${this.dir}: ${why}; ${done}`);
    }
    this.abandon();
    return moved;
  }

  abandon(): void {
    if (this.temp === null) return;
    rmSync(this.temp, { recursive: true, force: true });
    untrack(this.temp);
    this.temp = null;
  }
}

/**
 * After a render into `dir`: removes the earlier files of the layers just written (same
 * "<node>.<port>." stem and format, another range in the name), and returns the other layer
 * files there that this render did not write, for a note.
 */
export function tidyLayers(dir: string, written: readonly string[], stems: readonly string[]): { removed: string[]; others: string[] } {
  const now = new Set(written);
  const removed: string[] = [];
  const others: string[] = [];
  const ours = new Set(stems);
  const layerFile = /^([^.]+\.[^.]+)\.(?:.+\.)?(png|f32|u8|glb)$/;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return { removed, others };
  }
  for (const name of entries) {
    if (now.has(name) || name === 'manifest.json') continue;
    const m = layerFile.exec(name);
    if (!m) continue;
    // The same layer in the same format under another range: an earlier render's, now replaced.
    const sameFormat = written.some((w) => w.startsWith(`${m[1]}.`) && formatOf(w) === formatOf(name));
    if (ours.has(m[1]) && sameFormat) {
      try {
        unlinkSync(join(dir, name));
        removed.push(name);
        continue;
      } catch {
        // Left where it is, and named below.
      }
    }
    others.push(name);
  }
  return { removed, others };
}

/** "png", "16.png", "f32", "u8" or "indexed.png" of a layer file name. */
function formatOf(name: string): string {
  if (name.endsWith('.16.png')) return '16.png';
  if (name.endsWith('.indexed.png')) return 'indexed.png';
  return name.slice(name.lastIndexOf('.') + 1);
}

/** The option that reads a graph file without its wires to nodes deleted by hand. */
export const DROP_MISSING_WIRES = 'drop-missing-wires';

/**
 * For check: the way out of a file whose only problems are wires to nodes deleted by hand, as
 * render and build name it when they refuse one; null for a file with other problems.
 */
export function dropMissingWiresNote(text: string, err: GraphError, name: string): string | null {
  if (!parseWithoutMissingWires(text, err.problems, { file: name })) return null;
  return `render and build read it without ${missingWires(err.problems).words} with --${DROP_MISSING_WIRES}, as the editor's "Open without" does (the file is not changed).`;
}

/**
 * The graph in a graph file's text, as render and build read it (`name`: the file in messages).
 * A file whose only problems are wires to a node deleted by hand is refused with the way out
 * named, --drop-missing-wires, as the editor offers "Open without these N wires"; given it,
 * the file is read without those wires and `log` names each (the file is not changed).
 * `dropped`: those wires in words ("the 3 wires to the missing node "rank""), for a build's
 * manifest; null when the file was read whole.
 */
export function readGraphDropping(text: string, name: string, drop: boolean, verb: string, log: (line: string) => void): { graph: Graph; dropped: string | null } {
  try {
    return { graph: parseGraph(text, { file: name }), dropped: null };
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    const graph = parseWithoutMissingWires(text, err.problems, { file: name });
    if (!graph) throw err;
    const { words, listed, more } = missingWires(err.problems);
    if (!drop) throw new GraphError(err.problems, name, `To ${verb} it without ${words}, as the editor's "Open without" does, add --${DROP_MISSING_WIRES} (the file is not changed).`);
    log(`${name}: dropped ${words} (--${DROP_MISSING_WIRES}; the file is not changed):`);
    for (const p of listed) log(`  ${p.path.replace(/\.(?:from|to)$/, '')}: ${p.wire}`);
    if (more) log(`  and ${more} more`);
    return { graph, dropped: words };
  }
}
