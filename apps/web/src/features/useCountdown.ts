import { useEffect, useState, useSyncExternalStore } from 'react';
import { Countdown, type CountdownSnapshot } from './countdown';

/** One countdown for the lifetime of the calling component. */
export function useCountdown(): CountdownSnapshot & { start: () => void } {
  const [countdown] = useState(() => new Countdown());
  useEffect(() => () => countdown.dispose(), [countdown]);
  const state = useSyncExternalStore(countdown.subscribe, countdown.getSnapshot);
  return { ...state, start: () => countdown.start() };
}
