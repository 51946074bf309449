/** A text field over a layout value: typing edits a draft, committed as one step after a pause or on leaving the field. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { deferredCommit } from './deferred-commit';

export function useCommittedText(value: string, commit: (text: string) => void) {
  const [draft, setDraft] = useState(value);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const deferred = useMemo(() => deferredCommit((text) => commitRef.current(text)), []);
  // The layout's value changed under the field (undo, redo): show it, unless the user's own draft is pending.
  useEffect(() => {
    if (!deferred.pending()) setDraft(value);
  }, [value, deferred]);
  useEffect(() => () => deferred.flush(), [deferred]);
  return {
    value: draft,
    onChange: (text: string) => {
      setDraft(text);
      deferred.change(text);
    },
    flush: deferred.flush,
    /** Back to the layout's value, the draft dropped. */
    revert: () => {
      deferred.cancel();
      setDraft(value);
    },
  };
}
