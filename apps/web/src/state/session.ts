/**
 * The client session. The auth token lives in an HttpOnly cookie the page cannot read, so
 * "signed in" means: we remember the account id from the last successful login.
 */
import type { accountCalls, Response } from '@kolscope/contract';
import { createStore } from 'zustand/vanilla';
import { readStored, writeStored } from './storage';

export const UID_STORAGE_KEY = 'kolscope.uid';

export type UserInfo = Response<typeof accountCalls.info>;

export interface SessionState {
  uid: string | null;
  /** Loaded by account/info after sign-in or on start; null until then. */
  user: UserInfo | null;
  signIn: (uid: string) => void;
  setUser: (user: UserInfo | null) => void;
  /** Forgets uid and user info (logout, 401/403). */
  clear: () => void;
}

export const sessionStore = createStore<SessionState>()((set) => ({
  uid: readStored(UID_STORAGE_KEY),
  user: null,
  signIn: (uid) => {
    writeStored(UID_STORAGE_KEY, uid);
    set({ uid, user: null });
  },
  setUser: (user) => set({ user }),
  clear: () => {
    writeStored(UID_STORAGE_KEY, null);
    set({ uid: null, user: null });
  },
}));

export function isSignedIn(state: Pick<SessionState, 'uid'> = sessionStore.getState()): boolean {
  return Boolean(state.uid);
}
