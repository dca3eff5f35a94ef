// A tab's id, under which it autosaves its draft. It lives in the tab's session storage, so a
// reload keeps it and a new tab gets a new one. A duplicated tab (or one opened by script)
// starts with a copy of its opener's session storage, so it asks the other open tabs whether
// they use its id, and takes a fresh one if one does: two tabs must never share a draft.

const TAB_KEY = 'terrain-graph:tab';

/** A new random id. */
export function freshTabId(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The tab's id from its session storage, made and kept there when it has none. */
export function tabId(session: { getItem(key: string): string | null; setItem(key: string, value: string): void } | null, fresh = freshTabId): string {
  try {
    const known = session?.getItem(TAB_KEY);
    if (known) return known;
    const id = fresh();
    session?.setItem(TAB_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

/** Stores a new id for the tab (after TabClaim moved it). */
export function rememberTabId(session: { setItem(key: string, value: string): void } | null, id: string): void {
  try {
    session?.setItem(TAB_KEY, id);
  } catch {
    // Session storage refused: a reload will get yet another id and open the latest draft.
  }
}

type ClaimMessage = { readonly kind: 'who' | 'mine'; readonly id: string; readonly asker: string };

/**
 * Holds a tab's id against the other open tabs, over a channel they share (a
 * BroadcastChannel: `post` sends, `receive` is given what arrives). On start it asks who else
 * uses the id; a tab that does answers, and then this tab, the newcomer, moves to a fresh id
 * and calls `renamed`. From then on it answers for its own id.
 */
export class TabClaim {
  private readonly asker = freshTabId();

  constructor(
    private readonly post: (message: ClaimMessage) => void,
    private current: string,
    private readonly renamed: (id: string) => void,
    private readonly fresh = freshTabId,
  ) {
    post({ kind: 'who', id: current, asker: this.asker });
  }

  get id(): string {
    return this.current;
  }

  receive(data: unknown): void {
    const m = data as ClaimMessage | null;
    if (m?.id !== this.current) return;
    if (m.kind === 'who' && m.asker !== this.asker) {
      this.post({ kind: 'mine', id: this.current, asker: m.asker });
    } else if (m.kind === 'mine' && m.asker === this.asker) {
      this.current = this.fresh();
      this.renamed(this.current);
    }
  }
}
