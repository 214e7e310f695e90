import { useEffect, useState } from 'react';
import { useServices } from '../app/services-context.tsx';

/** Wall-clock time that refreshes every `everyMs`, for "edited 5 minutes ago" texts. */
export function useNow(everyMs = 30_000): number {
  const { clock } = useServices().projects;
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const handle = clock.setInterval(() => setNow(clock.now()), everyMs);
    return () => clock.clear(handle);
  }, [clock, everyMs]);
  return now;
}
