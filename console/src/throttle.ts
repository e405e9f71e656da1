import { useEffect, useMemo, useRef } from 'react';

/**
 * A function that runs `fn` at most once per `ms` (the last call in a burst
 * always runs): a burst of events becomes one refetch, not one per event.
 */
export function useThrottled(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => () => {
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        latest.current();
      }, ms);
    },
    [ms],
  );
}
