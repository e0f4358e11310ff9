/** Session actions that talk to the server; kept apart from the store so the store has no API import. */
import { accountCalls } from '@kolscope/contract';
import { api } from '../api';
import { navigateTo } from '../app/navigation';
import { unsubscribeThisBrowser } from '../features/push/push';
import { sessionStore } from './session';

let loading: Promise<void> | null = null;

/**
 * Loads account/info into the store; concurrent callers share one request. Failures leave
 * user null: the menu keeps its loading text, and a 401/403 has already signed us out.
 */
export function loadUser(): Promise<void> {
  loading ??= api(accountCalls.info)
    .then((user) => {
      if (sessionStore.getState().uid) sessionStore.getState().setUser(user);
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Remembers the signed-in account and loads its info in the background. */
export function completeSignIn(accountId: string): void {
  sessionStore.getState().signIn(accountId);
  void loadUser();
}

/** Logout always ends signed out on /login, even when the call fails (spec section 2, Home). */
export async function logout(): Promise<void> {
  try {
    // While still signed in: this browser stops receiving the account's notifications.
    await unsubscribeThisBrowser();
    await api(accountCalls.logout);
  } catch {
    // Ignored: the local session is cleared regardless.
  } finally {
    sessionStore.getState().clear();
    navigateTo('/login', { replace: true });
  }
}
