// Undo and redo applied to the open graph: the steps of the history (history.ts, pure data)
// are run backwards or forwards on the document, and a gesture (a drag of a slider, a node, a
// wire) is opened and closed as one step, or cancelled and reverted.

import type { Graph } from '../model/graph.ts';
import { applyCommand, type Change, type Command, EditError, type GestureEdits, type Kept } from './commands.ts';
import { History, type Step, type Steps } from './history.ts';

/** An open gesture: commit files it as one undo step, cancel reverts it. */
export interface StepHandle {
  commit(): void;
  /**
   * Reverts the gesture. Returns null, or a sentence for the person when part of it could not
   * be taken back (an edit made while it was held deleted what it moved): that part stays, for
   * undo.
   */
  cancel(): string | null;
}

/**
 * A gesture as the timeline opens it. Its cancel reverts the open step; the steps the gesture
 * had filed before an edit of something else came between (History.recordEdit) it takes out
 * of the history and reverts too when it can (History.canWithdraw), and otherwise returns what
 * takes them back, newest first: the editor runs those as a step of their own.
 */
export interface TimelineStep {
  commit(): void;
  cancel(): Command[];
}

export class Timeline {
  private readonly history = new History();

  constructor(
    private readonly doc: Graph,
    /** The file name the open graph is kept as, which undo and redo carry with it. */
    private readonly kept: Kept,
    /** Tells the editor what a step run backwards or forwards changed. */
    private readonly changed: (changes: Change[]) => void,
  ) {}

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  get undoLabel(): string | null {
    return this.history.undoLabel;
  }

  get redoLabel(): string | null {
    return this.history.redoLabel;
  }

  /** True when a file holds the graph shown (History.atSaved): no unsaved mark. */
  get atSaved(): boolean {
    return this.history.atSaved;
  }

  /** Marks the graph shown as what its file holds (Save), or as holding edits no file has. */
  markSaved(saved: boolean): void {
    if (saved) this.history.markSaved();
    else this.history.markUnsaved();
  }

  /** Files commands applied together, with their inverses: one step (or part of the open gesture: History.recordEdit). */
  record(label: string, done: readonly { cmd: Command; inverse: Command[] }[]): void {
    this.history.recordEdit(label, done);
  }

  /**
   * Opens a gesture (a slider or curve-point drag, a node drag, a wire being moved): every
   * edit of what it `edits` until commit is one undo step. An edit of anything else made
   * meanwhile files the step so far and is a step of its own (History.recordEdit); cancel
   * reverts the gesture's edits, and the steps it filed before that edit (TimelineStep).
   */
  beginStep(label: string, edits: GestureEdits): TimelineStep {
    this.history.begin(label, edits);
    const mine = this.history.openStep;
    let closed = false;
    // An undo, a redo or an opened graph files the gesture before its end (closeGesture): the
    // handle is then spent, and must not end or revert a gesture opened after that one.
    const spent = () => closed || this.history.openStep !== mine;
    return {
      commit: () => {
        if (spent()) return;
        closed = true;
        this.history.end();
      },
      cancel: () => {
        if (spent()) return [];
        closed = true;
        const filed = [...this.history.openFiled];
        const step = this.history.abandon();
        if (step) this.revert(step);
        const changes = this.history.canWithdraw(filed) ? this.tryRevert(filed) : null;
        if (changes) {
          this.history.withdraw(filed);
          // Told after the withdrawal, so the views read what undo offers now.
          this.changed(changes);
          return [];
        }
        return filed.reverse().flatMap((s) => [...s.entries].reverse().flatMap((e) => e.inverse));
      },
    };
  }

  /** Runs the last step backwards; false when there is none. */
  undo(): boolean {
    this.closeGesture();
    const step = this.history.popUndo();
    if (!step) return false;
    this.revert(step);
    this.history.undid(step);
    return true;
  }

  /** Runs the last step undone forwards again; false when there is none. */
  redo(): boolean {
    this.closeGesture();
    const step = this.history.popRedo();
    if (!step) return false;
    const changes: Change[] = [];
    for (const entry of step.entries) {
      const applied = applyCommand(this.doc, entry.cmd, this.kept);
      entry.inverse = applied.inverse;
      changes.push(...applied.changes);
    }
    this.history.redid(step);
    this.changed(changes);
    return true;
  }

  /** Forgets every step. */
  clear(): void {
    this.history.clear();
  }

  /** Undo's and redo's steps, an open gesture filed as its end would file it (History.settled). */
  get steps(): Steps {
    return this.history.settled;
  }

  /** Takes steps read back from storage (checked against the document first: saved-history.ts). */
  load(steps: Steps): void {
    this.history.load(steps.done, steps.undone, steps.saved);
  }

  /** True while a gesture's step is open (a drag not yet filed). */
  get gestureOpen(): boolean {
    return this.history.isOpen;
  }

  /** An undo in the middle of a drag first files the drag, so it is what gets undone. */
  closeGesture(): void {
    while (this.history.isOpen) this.history.end();
  }

  /**
   * Runs steps backwards, newest first, all or none: a command refused (a wire put back would
   * close a loop a later wire made) puts back those run before it. The changes made, for the
   * caller to tell; null when refused.
   */
  private tryRevert(steps: readonly Step[]): Change[] | null {
    const changes: Change[] = [];
    const undo: Command[][] = [];
    try {
      for (let s = steps.length - 1; s >= 0; s--) {
        const entries = steps[s].entries;
        for (let k = entries.length - 1; k >= 0; k--) {
          for (const inv of entries[k].inverse) {
            const applied = applyCommand(this.doc, inv, this.kept);
            undo.push(applied.inverse);
            changes.push(...applied.changes);
          }
        }
      }
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      for (const back of undo.reverse()) for (const cmd of back) changes.push(...applyCommand(this.doc, cmd, this.kept).changes);
      if (changes.length) this.changed(changes);
      return null;
    }
    return changes;
  }

  private revert(step: Step): void {
    const changes: Change[] = [];
    for (let k = step.entries.length - 1; k >= 0; k--) {
      for (const inv of step.entries[k].inverse) changes.push(...applyCommand(this.doc, inv, this.kept).changes);
    }
    this.changed(changes);
  }
}
