/** A callback that runs once calls pause for `delay` ms (the numeric range's 300 ms, spec section 9). */
import { useEffect, useRef } from 'react';

export function useDebounced<A extends unknown[]>(callback: (...args: A) => void, delay: number): (...args: A) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return (...args: A) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), delay);
  };
}
