/**
 * The app's API instance: the current language in Accept-Language, and a 401/403 forgets the
 * session and goes to /login (spec section 4, "Session").
 */
import { navigateTo } from '../app/navigation';
import { storedLanguage } from '../i18n/language';
import { sessionStore } from '../state/session';
import { createApi } from './client';

export const api = createApi({
  getLanguage: storedLanguage,
  onUnauthorized: () => {
    sessionStore.getState().clear();
    navigateTo('/login', { replace: true });
  },
});

export { ApiError, errorMessage } from './client';
