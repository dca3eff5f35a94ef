// Undo and redo as a list of steps, each step the commands a person made in one gesture.
//
// A step opens at a mark (pointer down on a slider, a curve point, a node) and closes when the
// gesture ends, so a whole drag is one step however many commands it sent. Inside an open
// step, a command on the same target as an earlier one (the same param, the same node's
// position) replaces that one's forward half and keeps its inverse: a drag of 200 pointer
// moves undoes in one command, to the value before the drag. Pure data: the editor applies.
//
// A step holds its gesture alone. An edit of something else made while the gesture is held (the
// world removed from the keyboard while the mouse holds a slider, a node pasted) is a step of its
// own: the gesture's step so far is filed first, then that edit, and the gesture goes on in a
// new step. Each undo takes back one thing, in the order they were done. I did not file the
// edit before the whole gesture's step (the drag one step): that holds only when the two
// commute, and a node deleted while its slider is held does not.
//
// A gesture cancelled after such a split (a wire picked off, Escape) leaves the history as it
// was before the gesture, as Escape does in Blender or Gaea: the steps it had filed are taken
// out (withdraw) when the edits filed after them touch nothing they touched (commands.ts
// independent), so each of those edits undoes the same with or without the drag. Otherwise
// the editor takes the drag back by a step of its own, named as a cancel, or, refused (the
// edit deleted the node dragged), says so and leaves it for undo.
//
// It also knows which states between steps a file holds (the saved states: where the graph
// was opened or last saved), so undo or redo back onto one clears the unsaved mark, as in
// Blender or VS Code. A state is named by the step that led to it (START before the first).
// I keep one per stretch between two Opens, not one in all: undoing an Open goes back to the
// graph before it, which its own file may hold. Comparing the graph with the saved text
// instead would serialise the whole graph at every edit of a drag.
//
// A Save in the middle of a gesture (Ctrl+S with a slider or a node still held) writes the
// graph as shown, which is no state of the history yet: I keep the open step's commands as
// they were at the Save, and the graph shown is saved while the step still writes just that
// (held still, or brought back), and the state it files is the saved one if it ends so. As in
// VS Code, the file holds what was on screen at the Save and the mark says whether the screen
// still shows it. I did not defer the Save to the gesture's end (a file written later than
// asked, or never if the gesture never ends), nor save the graph from before the gesture (a
// file without the change the person was looking at).

import { changesNothing, type Command, type GestureEdits, independent, sameTarget, writesSame } from './commands.ts';

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
  /**
   * The saved states, as steps from the cursor: 0 the graph shown, -k after k undos, +k after
   * k redos. Absent: none known (a history saved before they were kept).
   */
  readonly saved?: readonly number[];
}

/** The state before the first step kept. */
const START = 'start';
type State = Step | typeof START;

/** True when the step replaces the whole graph (an Open): the states on its two sides belong to different files. */
const opensGraph = (step: Step) => step.entries.some((e) => e.cmd.kind === 'replaceGraph');

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
  /** What the open gesture edits (null: everything recorded while it is open). */
  private edits: GestureEdits | null = null;
  /** The open gesture's steps filed before an edit of something else (recordEdit), oldest first. */
  private filedParts: Step[] = [];
  private depth = 0;
  /** The saved states (at most one between two Opens); the empty graph a History starts on is one. */
  private readonly saved = new Set<State>([START]);
  /**
   * The open step's commands as a Save in the middle of its gesture found them (the graph the
   * file holds is the cursor's with these applied), or null: no Save since the gesture began.
   */
  private savedMidGesture: readonly Command[] | null = null;

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

  /** What the open gesture filed before an edit of something else came between (recordEdit), oldest first. */
  get openFiled(): readonly Step[] {
    return this.filedParts;
  }

  /**
   * True when the graph shown is what a file holds: the cursor stands where a file was opened or
   * saved and no gesture under way has changed it, or a Save during the gesture wrote it as the
   * gesture has it now.
   */
  get atSaved(): boolean {
    const open = this.open && effective(this.open);
    return open ? this.holdsMidGestureSave(open) : this.saved.has(this.cursor);
  }

  /**
   * Marks the graph shown as what its file holds (Save): the one saved state of its stretch
   * between Opens, so the state saved before in that stretch no longer is. Mid-gesture, the
   * graph shown is no state of the history yet: the open step's commands are kept, and the
   * state the gesture files is the saved one if it ends on them (savedMidGesture).
   */
  markSaved(): void {
    const open = this.open && effective(this.open);
    // A gesture that opens a graph starts a stretch of its own: the one before keeps its state.
    if (!open || !opensGraph(open)) for (const state of this.stretch()) this.saved.delete(state);
    this.savedMidGesture = open ? open.entries.map((e) => e.cmd) : null;
    if (!open) this.saved.add(this.cursor);
  }

  /** Marks the graph shown as holding edits no file has (a draft that said so). */
  markUnsaved(): void {
    this.saved.delete(this.cursor);
    this.savedMidGesture = null;
  }

  /**
   * Opens a step (or nests in the open one: the outermost label wins). `edits`: the commands
   * the gesture makes; an edit of anything else while it is open is a step of its own
   * (recordEdit). Absent, every command recorded until the end joins the step.
   */
  begin(label: string, edits?: GestureEdits): void {
    if (this.depth === 0) {
      this.open = { label, entries: [] };
      this.edits = edits ?? null;
      this.filedParts = [];
    } else if (edits && this.edits) {
      // A gesture begun while another is held (a second pointer): both make the one step. Its
      // edits split the other's step at every move, each move a step of its own.
      const outer = this.edits;
      this.edits = (cmd) => outer(cmd) || edits(cmd);
    }
    this.depth++;
  }

  /** Closes one level; the outermost close files the step, if it did anything. */
  end(): void {
    if (this.depth === 0) return;
    this.depth--;
    if (this.depth > 0) return;
    const step = this.open!;
    const saved = this.holdsMidGestureSave(step);
    this.open = null;
    this.edits = null;
    this.filedParts = [];
    this.savedMidGesture = null;
    this.file(step, saved);
  }

  /** Drops the open step without filing it and returns it, so the caller can revert it. */
  abandon(): Step | null {
    const step = this.open;
    this.open = null;
    this.edits = null;
    this.filedParts = [];
    this.depth = 0;
    this.savedMidGesture = null;
    return step;
  }

  /**
   * Records commands just applied together (one edit), with their inverses: a step of their own,
   * or part of the open gesture's when they are what it edits. An edit of anything else made
   * while the gesture is open files the gesture's step so far, then itself as a step, and the
   * gesture goes on in its step emptied (the same object: the gesture's handle still holds it).
   */
  recordEdit(label: string, entries: readonly Entry[]): void {
    const open = this.open;
    if (open && this.edits && !entries.every((e) => this.edits!(e.cmd))) {
      const saved = this.holdsMidGestureSave(open);
      const part = { label: open.label, entries: open.entries.splice(0) };
      const kept = this.file(part, saved);
      if (kept) this.filedParts.push(kept);
      // The file a Save during the gesture wrote is the state just filed, or none the gesture can come back to.
      this.savedMidGesture = null;
      this.file({ label, entries: entries.map((e) => ({ cmd: e.cmd, inverse: e.inverse })) });
      return;
    }
    if (entries.length > 1) this.begin(label);
    for (const e of entries) this.record(label, e.cmd, e.inverse);
    if (entries.length > 1) this.end();
  }

  /**
   * True when the steps a cancelled gesture filed (openFiled, read before abandon) can be taken
   * out of the history: all still in it, and every other step filed since the first of them (the
   * edits made while the gesture was held) independent of them (commands.ts), so its undo does
   * the same without them.
   */
  canWithdraw(parts: readonly Step[]): boolean {
    if (!parts.length) return false;
    const first = this.done.indexOf(parts[0]);
    if (first < 0 || parts.some((p) => !this.done.includes(p))) return false;
    const mine = parts.flatMap((p) => p.entries.flatMap((e) => [e.cmd, ...e.inverse]));
    const after = this.done.slice(first).filter((s) => !parts.includes(s));
    return independent(
      mine,
      after.flatMap((s) => s.entries.flatMap((e) => [e.cmd, ...e.inverse])),
    );
  }

  /**
   * Takes a cancelled gesture's filed steps out of the history (canWithdraw said it may; the
   * editor has applied their inverses). The states after the first of them lose its change, so
   * none of them is what a file holds any more.
   */
  withdraw(parts: readonly Step[]): void {
    const first = this.done.indexOf(parts[0]);
    if (first < 0) return;
    for (const s of this.done.slice(first)) this.saved.delete(s);
    const kept = this.done.filter((s, k) => k < first || !parts.includes(s));
    this.done.splice(0, this.done.length, ...kept);
  }

  /** Records a command just applied, with its inverse, in the open step; outside a step it is a step of its own. */
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

  /** Forgets every step; the graph shown stays saved or not, as it was. */
  clear(): void {
    const saved = this.atSaved;
    this.load([], [], saved ? [0] : []);
  }

  /**
   * The steps as a reload should find them: an open gesture filed as its end would file it (a
   * drag paused past the autosave's quiet time is saved with the graph it has moved).
   */
  get settled(): Steps {
    const open = this.open && effective(this.open);
    const saved = this.savedOffsets();
    if (!open) return { done: this.done, undone: this.undone, saved };
    const done = [...this.done, open].slice(-this.limit);
    // The cursor moves on by the step filed; the redo steps and their states go (a saved one
    // among them must not become the state after the gesture). The state after it is saved when
    // a Save during the gesture wrote the graph as it stands.
    const before = saved.filter((k) => k <= 0).map((k) => k - 1).filter((k) => k >= -done.length);
    return { done, undone: [], saved: this.holdsMidGestureSave(open) ? [...before, 0] : before };
  }

  /**
   * Replaces every step with these (read back from storage), the cursor between them; no
   * gesture is open. `saved`: the saved states as Steps.saved gives them.
   */
  load(done: readonly Step[], undone: readonly Step[], saved: readonly number[] = []): void {
    this.done.splice(0, this.done.length, ...done.slice(-this.limit));
    this.undone.splice(0, this.undone.length, ...undone.slice(-this.limit));
    this.open = null;
    this.edits = null;
    this.filedParts = [];
    this.depth = 0;
    this.savedMidGesture = null;
    this.saved.clear();
    for (const k of saved) {
      const state = this.stateAt(k);
      if (state) this.saved.add(state);
    }
  }

  /** The state the graph shown is (the last step done, or START). */
  private get cursor(): State {
    return this.done.at(-1) ?? START;
  }

  /** The state `k` steps from the cursor (Steps.saved), or null when the history has none there. */
  private stateAt(k: number): State | null {
    if (k <= 0) return -k < this.done.length ? this.done[this.done.length - 1 + k] : -k === this.done.length ? START : null;
    return k <= this.undone.length ? this.undone[this.undone.length - k] : null;
  }

  /** The saved states as steps from the cursor. */
  private savedOffsets(): number[] {
    const offsets: number[] = [];
    for (let k = -this.done.length; k <= this.undone.length; k++) {
      const state = this.stateAt(k);
      if (state && this.saved.has(state)) offsets.push(k);
    }
    return offsets;
  }

  /** The states the graph shown can reach by undo and redo without crossing an Open, itself among them. */
  private stretch(): State[] {
    const states: State[] = [this.cursor];
    for (let k = this.done.length - 1; k >= 0 && !opensGraph(this.done[k]); k--) states.push(k > 0 ? this.done[k - 1] : START);
    for (let k = this.undone.length - 1; k >= 0 && !opensGraph(this.undone[k]); k--) states.push(this.undone[k]);
    return states;
  }

  /**
   * True when a Save during the open gesture wrote the graph as `step` (the open step) has it:
   * its commands that change something are the ones the Save found, each writing what it wrote.
   */
  private holdsMidGestureSave(step: Step): boolean {
    const at = this.savedMidGesture;
    const now = effective(step)?.entries ?? [];
    return !!at && now.length === at.length && now.every((e, k) => e.cmd === at[k] || writesSame(e.cmd, at[k]));
  }

  /**
   * Files a step as done; `saved`: the state after it is what a file holds (a Save during its
   * gesture). Returns the step as filed (without its entries that change nothing), or null.
   */
  private file(step: Step, saved = false): Step | null {
    // Filing a step that changes nothing would also empty the redo list for nothing.
    const kept = effective(step);
    if (!kept) return null;
    this.done.push(kept);
    if (this.done.length > this.limit) {
      // The oldest state goes with the oldest step: the one after it is the start now.
      const dropped = this.done.shift()!;
      if (this.saved.delete(dropped)) this.saved.add(START);
      else this.saved.delete(START);
    }
    for (const gone of this.undone) this.saved.delete(gone);
    this.undone.length = 0;
    // A graph opened is what its file holds (an Open of a draft or a link included: nothing to save yet).
    if (saved || kept.entries.some((e) => e.cmd.kind === 'replaceGraph' && e.cmd.clean)) this.saved.add(kept);
    return kept;
  }
}
