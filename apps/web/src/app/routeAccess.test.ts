import { describe, expect, it } from 'vitest';
import { matchRoute, routeAccess } from './routeAccess';

describe('routeAccess', () => {
  it('lets everybody reach the public routes', () => {
    for (const path of ['/', '/login', '/loading']) {
      expect(routeAccess(path, false)).toEqual({ kind: 'allow' });
      expect(routeAccess(path, true)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a signed-out user from every private route to /login', () => {
    const privatePaths = [
      '/feed-setting',
      '/feed-setting/v1',
      '/nav-setting',
      '/report-setting/7',
      '/rank-setting',
      '/notification-setting/x',
      '/coin-opinion-setting',
      '/event-opinion-setting/9',
      '/view-detail/abc',
      '/statistics',
      '/data-source',
      '/kol-management',
      '/kol-management/all',
      '/kol-management/create',
      '/kol-management/create/g1',
      '/kol/1234',
      '/coin/BTC',
    ];
    for (const path of privatePaths) {
      expect(routeAccess(path, false)).toEqual({ kind: 'redirect', to: '/login' });
      expect(routeAccess(path, true)).toEqual({ kind: 'allow' });
    }
  });

  it('sends unknown paths to /', () => {
    expect(routeAccess('/nope', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/nope', false)).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/feed-setting/1/2', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/view-detail', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/kol', true)).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/coin', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends other paths under /kol-management to /kol-management (or /login when signed out)', () => {
    expect(routeAccess('/kol-management/a/b', true)).toEqual({ kind: 'redirect', to: '/kol-management' });
    expect(routeAccess('/kol-management/create/a/b', true)).toEqual({ kind: 'redirect', to: '/kol-management' });
    expect(routeAccess('/kol-management/a/b', false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('ignores trailing slashes when matching', () => {
    expect(matchRoute('/login/')).toBe('/login');
    expect(matchRoute('/kol-management/create')).toBe('/kol-management/create');
    expect(matchRoute('/kol-management/g7')).toBe('/kol-management/:groupId');
  });
});
