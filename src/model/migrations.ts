// Graph file versions and the small pure functions that bring an older file up to date.

export const FORMAT = 'terrain-graph';

/** The version this build writes, and the newest it reads. */
export const CURRENT_VERSION = 1;

export type Document = Record<string, unknown>;

/** Turns a document of version v into one of version v + 1. Pure: never mutates its input. */
export type Migration = (doc: Document) => Document;

/**
 * MIGRATIONS[v] upgrades version v to v + 1. Version 1 is the first released format, so the
 * table is empty today; when version 2 comes, its step goes here with a test of its own.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {};

/** Applies the steps from `from` up to `to`; throws naming the first missing step. */
export function migrate(
  doc: Document,
  from: number,
  to: number = CURRENT_VERSION,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
): Document {
  let cur = doc;
  for (let v = from; v < to; v++) {
    const step = migrations[v];
    if (!step) throw new Error(`no migration from version ${v} to ${v + 1}`);
    cur = { ...step(cur), version: v + 1 };
  }
  return cur;
}
