import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigate } from '../app/navigation';
import { sessionStore } from './session';
import { logout } from './sessionActions';

describe('session', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    registerNavigate(navigate);
    sessionStore.getState().signIn('u1');
    sessionStore.getState().setUser({
      id: 'u1',
      ct: 0,
      ut: 0,
      name: 'a',
      email: 'a@b.co',
      isAdmin: false,
      sourceId: '',
      icon: '',
      inviteCode: 'INV',
      sourceInviteCode: '',
      sourceInviteUserId: '',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    registerNavigate(null);
    navigate.mockReset();
  });

  it('logout clears uid and user and goes to /login even when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout();
    expect(sessionStore.getState().uid).toBeNull();
    expect(sessionStore.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 from any call clears the session and goes to /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ret: 401, msg: 'Please sign in' }), { status: 401 })),
    );
    const { loadUser } = await import('./sessionActions');
    await loadUser();
    expect(sessionStore.getState().uid).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
