// How long the names a person types may be: the graph's name, a node's or a frame's title.
// The file format itself sets no limit (a file with a longer name still opens, drawn cut with
// an ellipsis); the editor caps what is typed, and says so, so a pasted paragraph never
// becomes a title that no toolbar, node header or menu can show.

/** Characters in the graph's name, and in a node's or a frame's title. */
export const NAME_LIMITS = { graph: 80, title: 60 } as const;

export type NameKind = keyof typeof NAME_LIMITS;

const WHAT: Readonly<Record<NameKind, string>> = { graph: "The graph's name", title: 'A title' };

/** `text` cut to its limit (by characters, not UTF-16 units), and what to tell the person when it was. */
export function capName(kind: NameKind, text: string): { text: string; notice: string | null } {
  const max = NAME_LIMITS[kind];
  const chars = [...text];
  if (chars.length <= max) return { text, notice: null };
  const kept = chars.slice(0, max).join('').trimEnd();
  return { text: kept, notice: `${WHAT[kind]} holds at most ${max} characters: the ${chars.length} typed were cut to “${kept.slice(0, 24)}…”.` };
}

/** Why a name is refused, or null: the core's own check, for callers that did not cap it. */
export function nameRefusal(kind: NameKind, text: string): string | null {
  const length = [...text].length;
  const what = WHAT[kind][0].toLowerCase() + WHAT[kind].slice(1);
  return length > NAME_LIMITS[kind] ? `${what} holds at most ${NAME_LIMITS[kind]} characters, got ${length}` : null;
}

/**
 * The title a new node (added, pasted or duplicated) takes: `title` itself when no node of the
 * graph has it, else the first free numbered one of its stem ("Flow and rivers 2", then 3, …;
 * a copy of "Flow and rivers 2" is "… 3" and one of "Route 66" "Route 67"), as Gaea and Houdini
 * number theirs: two nodes of one type titled alike could not be told apart in the rivers pick,
 * the problem list or the viewer's explanation. Titles already in the graph are never renumbered (a file opens as it
 * was written, and a title typed is kept even when another node has it). Within NAME_LIMITS.
 */
export function freshTitle(graph: { readonly nodes: readonly { readonly title: string }[] }, title: string): string {
  const used = new Set(graph.nodes.map((n) => n.title));
  if (!used.has(title)) return title;
  // A title ending in a number counts on from it: a copy of "Route 66" is "Route 67", not
  // "Route 2". A longer number is no count (and past 2⁵³ adding one would not change it).
  const numbered = / (\d{1,6})$/.exec(title);
  const stem = numbered ? title.slice(0, numbered.index) || title : title;
  const from = numbered && numbered.index > 0 ? Number(numbered[1]) + 1 : 2;
  for (let k = from; ; k++) {
    const suffix = ` ${k}`;
    const candidate = `${[...stem].slice(0, NAME_LIMITS.title - suffix.length).join('').trimEnd()}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
