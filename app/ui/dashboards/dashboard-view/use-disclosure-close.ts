/**
 * A <details> menu (it opens without JavaScript) that, once hydrated, closes like a menu: on a
 * click outside it, on Escape (focus back on its summary), and when one of its actions ran.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';

export function useDisclosureClose(): { ref: RefObject<HTMLDetailsElement>; close: () => void } {
  const ref = useRef<HTMLDetailsElement>(null);
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, []);
  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== 'Escape' || !details?.open || !details.contains(document.activeElement)) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return { ref, close };
}
