// The shell's file commands: open (text, a picked or dropped file, a recipe, a draft, a link),
// New, Save, Save as and Share. Every file goes through the editor's readers; an invalid one
// lists its problems and leaves the open graph as it was.

import { emptyGraph, type EditorCore } from '../../editor/editor.ts';
import { type DraftInfo, fileNameProblem, graphFileName, graphFileText, nameForSaveAs, type OpenResult, readGraphBlob, readGraphFile, saveAsName } from '../../editor/files.ts';
import { type ReadLink, shareLink } from '../../editor/share.ts';
import type { Graph } from '../../model/graph.ts';
import { type Problem, problemCount } from '../../model/problems.ts';
import type { AskAnswer, AskRequest } from '../ask/ask-dialog.ts';
import type { Canvas } from '../canvas/canvas.ts';
import { download } from '../download.ts';
import type { Recipe } from '../recipes.ts';
import type { ShareState } from '../share/share-dialog.ts';

/** Where the shell reads the drafts of other tabs. */
export interface DraftSource {
  list(): readonly DraftInfo[];
  text(id: string): string | null;
}

/** What the file commands read and set on the app. */
export interface FilesHost {
  readonly core: EditorCore;
  readonly canvas: Canvas | null;
  readonly recipes: readonly Recipe[];
  readonly drafts: DraftSource;
  /** The file name the open graph came from (Save offers it again). */
  openedAs: string | null;
  /** `ms`: how long the notice stays (a list to read stays longer). */
  say(text: string, kind?: 'refused' | 'info', ms?: number): void;
  showProblems(file: string, list: readonly Problem[], note?: string, offer?: ProblemsOffer): void;
  showShare(state: ShareState): void;
  /** Asks the person in the editor's own box (not the browser's prompt or confirm). */
  ask(request: AskRequest): Promise<AskAnswer>;
}

/** A button in the problem list that opens the file all the same (ShellFiles.openRead). */
export interface ProblemsOffer {
  readonly label: string;
  open(): void;
}

/** How long the notice of what an open left out stays: a list of wires to read, not a word. */
const LEFT_OUT_MS = 20_000;

const isGraphFile = (f: File) => f.name.endsWith('.json') || f.type === 'application/json';

export class ShellFiles {
  constructor(private readonly host: FilesHost) {}

  /**
   * Opens graph file text; an invalid file lists its problems and leaves the open graph as it
   * was. `keepAs`: the name Save offers for it (null: none, for a draft or a link's graph).
   */
  openText(text: string, file: string, keepAs: string | null = file): Promise<boolean> {
    return this.openRead(readGraphFile(text, file), file, keepAs);
  }

  async openFile(file: File): Promise<boolean> {
    return this.openRead(await readGraphBlob(file), file.name, file.name);
  }

  private async openRead(read: OpenResult, file: string, keepAs: string | null): Promise<boolean> {
    const host = this.host;
    if (!read.ok) {
      const without = read.without;
      // Every problem counted, those past the list's cap too (its last line stands for them).
      const n = problemCount(read.problems);
      host.showProblems(
        file,
        read.problems,
        undefined,
        without && { label: `Open without ${n === 1 ? 'this wire' : `these ${n} wires`}`, open: () => void this.openWithout(without, file, keepAs) },
      );
      return false;
    }
    // The name goes with the step, so undoing the Open offers the name from before it again.
    host.core.replaceGraph(read.graph, `open ${file}`, keepAs);
    if (read.note) host.say(read.note);
    await host.canvas?.openView();
    return true;
  }

  /**
   * Opens the graph of a file without the wires to its missing nodes, as the person chose in the
   * problem list: one undo step, marked unsaved (the file keeps its wires until it is saved over),
   * and a notice lists each wire left out.
   */
  private async openWithout(without: { graph: Graph; note: string }, file: string, keepAs: string | null): Promise<void> {
    const host = this.host;
    host.core.replaceGraph(without.graph, `open ${file} without wires to missing nodes`, keepAs);
    host.core.keep({ clean: false });
    host.say(without.note, 'info', LEFT_OUT_MS);
    await host.canvas?.openView();
  }

  /** An empty graph, as if no file had been opened, the view at full size. */
  async newGraph(): Promise<void> {
    const host = this.host;
    host.core.replaceGraph(emptyGraph(), 'new', null);
    await host.canvas?.zoomToFit();
  }

  /**
   * Opens a recipe as a template: no file name is kept, so Save asks for one rather than
   * offering the shipped file's name (a person saving "climate-kauai.json" over and over would
   * lose their edits among the recipe's copies).
   */
  async openRecipe(file: string | undefined): Promise<void> {
    const recipe = this.host.recipes.find((r) => r.file === file);
    if (recipe) await this.openText(recipe.text, recipe.file, null);
  }

  /** Opens another tab's draft; it stays a draft (it keeps no file name: Save asks for one). */
  async openDraft(id: string | undefined): Promise<void> {
    const text = id ? this.host.drafts.text(id) : null;
    if (text === null) this.host.say('That draft is gone: its tab may have been closed long ago.', 'refused');
    else await this.openText(text, 'draft', null);
  }

  /**
   * Saves under the name the graph was opened or saved as; a graph with no file of its own
   * (New, a recipe, a draft, a link's) asks for a name first, as Save as does.
   */
  async save(): Promise<void> {
    const host = this.host;
    if (host.openedAs === null) return this.saveAs();
    this.download();
  }

  private download(): void {
    const host = this.host;
    download({ name: graphFileName(host.core.graph, host.openedAs), mime: 'application/json', bytes: graphFileText(host.core.snapshot()) });
    host.core.keep({ clean: true });
  }

  /**
   * Asks for a file name in the editor's box (checked as it is typed: fileNameProblem), then
   * saves under it, ".json" added; Save offers that name from then on. A cancel saves nothing.
   */
  async saveAs(): Promise<void> {
    const host = this.host;
    const renamed = (name: string) => nameForSaveAs(host.core.graph.name, host.openedAs, saveAsName(name), this.givenNames());
    const answer = await host.ask({
      title: 'Save the graph as',
      text: 'The file goes to the browser\'s downloads folder; Save keeps using this name.',
      field: {
        label: 'File name',
        value: graphFileName(host.core.graph, host.openedAs),
        problem: fileNameProblem,
        hint: (name) => {
          const to = renamed(name);
          return `Downloads as ${saveAsName(name)}${to === null ? '' : `; the graph is named "${to}"`}`;
        },
      },
      confirm: 'Save',
      cancel: 'Cancel',
    });
    if (answer === null) return;
    // A name that came with the graph (a recipe's, New's, the old file's) follows the new file: the
    // header, the file's name, a pin left on it and the exports agree. Its own undo step.
    const to = renamed(answer);
    if (to !== null) host.core.setInfo({ name: to });
    host.openedAs = saveAsName(answer);
    this.download();
  }

  /** The names a graph comes with rather than being given by the person: the recipes' and New's. */
  private givenNames(): string[] {
    return [...this.host.recipes.map((r) => r.name), emptyGraph().name];
  }

  /** Makes the link that carries the graph, copies it and shows it (or says it is too large). */
  async share(): Promise<void> {
    const made = await shareLink(location.href, graphFileText(this.host.core.snapshot()));
    if (!made.ok) {
      this.host.showShare({ kind: 'large', length: made.length, max: made.max });
      return;
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(made.url);
      copied = true;
    } catch {
      // No clipboard permission: the dialog shows the link selected, to copy by hand.
    }
    this.host.showShare({ kind: 'link', url: made.url, length: made.length, copied });
  }

  /**
   * Opens the graph a link carried, as a file would be (every problem listed, the open graph
   * untouched on failure). `ask`: the open graph holds work no file has, so the person is asked
   * first (it is kept under Drafts… either way). False when nothing was opened.
   */
  async openShared(read: ReadLink, ask: boolean): Promise<boolean> {
    if (read.kind === 'none') return false;
    if (read.kind === 'damaged') {
      this.host.say(`The link's graph could not be read: ${read.message}. Nothing was opened.`, 'refused');
      return false;
    }
    if (ask) {
      const answer = await this.host.ask({
        title: 'Open the graph from the link?',
        text: 'It replaces the graph you are editing, which is kept under Drafts… in the toolbar.',
        confirm: 'Open the link\'s graph',
        cancel: 'Keep editing mine',
      });
      if (answer === null) return false;
    }
    if (!(await this.openText(read.text, 'The link', null))) return false;
    this.host.say('Opened the graph from the link as a draft of this tab: Save keeps it as a file.');
    return true;
  }

  /**
   * Opens dropped files. The editor holds one graph: of several files dropped, the first graph
   * file is opened and the person is told which others were not (none is opened silently).
   */
  async drop(files: readonly File[]): Promise<void> {
    const file = files.find(isGraphFile);
    if (!file) {
      this.host.say(files.length === 1 ? `${files[0].name} is not a graph file (.json)` : `None of the ${files.length} files dropped is a graph file (.json): nothing was opened.`, 'refused');
      return;
    }
    const opened = await this.openFile(file);
    if (files.length === 1) return;
    const others = files.filter((f) => f !== file);
    const names = others.slice(0, 3).map((f) => f.name).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '');
    const first = opened ? `Opened ${file.name}` : `${file.name} could not be opened`;
    this.host.say(`${first}; the editor holds one graph at a time, so ${others.length === 1 ? 'the other file was' : `the other ${others.length} files were`} not opened: ${names}.`, 'refused');
  }
}
