// Undo and redo as a list of steps, each step the commands a person made in one gesture.
//
// A step opens at a mark (pointer down on a slider, a curve point, a node) and closes when the
// gesture ends, so a whole drag is one step however many commands it sent. Inside an open
// step, a command on the same target as an earlier one (the same param, the same node's
// position) replaces that one's forward half and keeps its inverse: a drag of 200 pointer
// moves undoes in one command, to the value before the drag. Pure data: the editor applies.

import { changesNothing, type Command, sameTarget } from './commands.ts';

export interface Entry {
  /** The command as last applied (redo applies it again). */
  cmd: Command;
  /** Undoes the effect of every command merged into this entry (refreshed on redo). */
  inverse: readonly Command[];
}

export interface Step {
  readonly label: string;
  readonly entries: Entry[];
}

/** Commands that commute with commands on other targets, so merging across them is safe. */
const MERGEABLE = new Set<Command['kind']>(['setParam', 'moveNode', 'setTitle', 'setView', 'setVia', 'setFrame']);

/** Steps the editor keeps; the oldest fall off. */
export const HISTORY_LIMIT = 500;

/** Undo's steps (oldest first) and redo's (the next redo last), as History keeps them. */
export interface Steps {
  readonly done: readonly Step[];
  readonly undone: readonly Step[];
}

/**
 * The step without its entries that change nothing (a drag that ended where it began), or null
 * when none is left: an undo step of only those would do nothing when pressed. Dropping one is
 * safe: an entry merges only across commands that commute with it.
 */
function effective(step: Step): Step | null {
  const entries = step.entries.filter((e) => !changesNothing(e.cmd, e.inverse));
  return entries.length ? { label: step.label, entries } : null;
}

export class History {
  private readonly done: Step[] = [];
  private readonly undone: Step[] = [];
  private open: Step | null = null;
  private depth = 0;

  /** How many steps are kept; the oldest fall off. */
  constructor(private readonly limit = HISTORY_LIMIT) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Label of the step undo would revert, for the menu ("Undo move"). */
  get undoLabel(): string | null {
    return this.done.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.undone.at(-1)?.label ?? null;
  }

  /** True while a gesture's step is open. */
  get isOpen(): boolean {
    return this.open !== null;
  }

  /** The open step (a nested begin shares its outermost one's), or null. */
  get openStep(): Step | null {
    return this.open;
  }

  /** Opens a step (or nests in the open one: the outermost label wins). */
  begin(label: string): void {
    if (this.depth === 0) this.open = { label, entries: [] };
    this.depth++;
  }

  /** Closes one level; the outermost close files the step, if it did anything. */
  end(): void {
    if (this.depth === 0) return;
    this.depth--;
    if (this.depth > 0) return;
    const step = this.open!;
    this.open = null;
    this.file(step);
  }

  /** Drops the open step without filing it and returns it, so the caller can revert it. */
  abandon(): Step | null {
    const step = this.open;
    this.open = null;
    this.depth = 0;
    return step;
  }

  /** Records a command just applied, with its inverse; outside a step it is a step of its own. */
  record(label: string, cmd: Command, inverse: readonly Command[]): void {
    if (!this.open) {
      this.file({ label, entries: [{ cmd, inverse }] });
      return;
    }
    const entries = this.open.entries;
    if (MERGEABLE.has(cmd.kind)) {
      for (let k = entries.length - 1; k >= 0; k--) {
        const e = entries[k];
        if (sameTarget(e.cmd, cmd)) {
          e.cmd = cmd;
          return;
        }
        if (!MERGEABLE.has(e.cmd.kind)) break;
      }
    }
    entries.push({ cmd, inverse });
  }

  /** Takes the step to undo off the list (the editor applies its inverses, then calls `undid`). */
  popUndo(): Step | undefined {
    return this.done.pop();
  }

  undid(step: Step): void {
    this.undone.push(step);
  }

  popRedo(): Step | undefined {
    return this.undone.pop();
  }

  redid(step: Step): void {
    this.done.push(step);
  }

  clear(): void {
    this.load([], []);
  }

  /**
   * The steps as a reload should find them: an open gesture filed as its end would file it (a
   * drag paused past the autosave's quiet time is saved with the graph it has moved).
   */
  get settled(): Steps {
    const open = this.open && effective(this.open);
    if (!open) return { done: this.done, undone: this.undone };
    return { done: [...this.done, open].slice(-this.limit), undone: [] };
  }

  /** Replaces every step with these (read back from storage), the cursor between them; no gesture is open. */
  load(done: readonly Step[], undone: readonly Step[]): void {
    this.done.splice(0, this.done.length, ...done.slice(-this.limit));
    this.undone.splice(0, this.undone.length, ...undone.slice(-this.limit));
    this.open = null;
    this.depth = 0;
  }

  private file(step: Step): void {
    // Filing a step that changes nothing would also empty the redo list for nothing.
    const kept = effective(step);
    if (!kept) return;
    this.done.push(kept);
    if (this.done.length > this.limit) this.done.shift();
    this.undone.length = 0;
  }
}
