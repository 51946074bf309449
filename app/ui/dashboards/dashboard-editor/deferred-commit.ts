/**
 * Text typed in place (a header, a tab title, markdown) becomes one layout step when the typing
 * pauses or the field is left, not one per keystroke, so undo takes back a word, not a letter.
 */
export const COMMIT_PAUSE_MS = 500;

type Timers = { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

const defaultTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type DeferredCommit = {
  /** A new draft: committed after the pause unless another comes first. */
  change: (text: string) => void;
  /** Commits the pending draft now (blur, Enter, unmount); nothing when none is pending. */
  flush: () => void;
  /** Drops the pending draft (Escape). */
  cancel: () => void;
  pending: () => boolean;
};

export function deferredCommit(commit: (text: string) => void, pauseMs = COMMIT_PAUSE_MS, timers: Timers = defaultTimers): DeferredCommit {
  let draft: string | null = null;
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
  const flush = () => {
    stop();
    if (draft === null) return;
    const text = draft;
    draft = null;
    commit(text);
  };
  return {
    change(text) {
      draft = text;
      stop();
      handle = timers.set(flush, pauseMs);
    },
    flush,
    cancel() {
      stop();
      draft = null;
    },
    pending: () => draft !== null,
  };
}
