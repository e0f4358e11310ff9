import { useStore } from 'zustand';
import { type SessionState, sessionStore } from './session';

/** React access to the session store, e.g. `useSession((s) => s.user)`. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
