/**
 * Which paths exist and who may see them (spec section 2 and 6), as pure data and one pure
 * function, so the rule is unit-tested apart from React.
 */

/** Every route of the spec. `:name` is one path segment. */
export const ROUTE_PATHS = [
  '/',
  '/login',
  '/loading',
  '/feed-setting',
  '/feed-setting/:id',
  '/nav-setting',
  '/report-setting',
  '/report-setting/:id',
  '/rank-setting',
  '/rank-setting/:id',
  '/mindshare-setting',
  '/mindshare-setting/:id',
  '/notification-setting',
  '/notification-setting/:id',
  '/coin-opinion-setting',
  '/coin-opinion-setting/:id',
  '/event-opinion-setting',
  '/event-opinion-setting/:id',
  '/view-detail/:viewId',
  '/statistics',
  '/sentiment-feedback',
  '/data-source',
  '/kol-management',
  '/kol-management/:groupId',
  '/kol-management/create',
  '/kol-management/create/:groupId',
  '/kol/:twitterUserId',
  '/coin/:symbol',
] as const;
export type RoutePath = (typeof ROUTE_PATHS)[number];

/** Reachable while signed out; everything else needs a signed-in user. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set<RoutePath>(['/', '/login', '/loading']);

export type Access = { kind: 'allow' } | { kind: 'redirect'; to: string };

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function paramCount(pattern: string): number {
  return segments(pattern).filter((s) => s.startsWith(':')).length;
}

/**
 * The route pattern `path` matches, if any; a static segment wins over a parameter, as in
 * react-router (/kol-management/create is not group "create"). Trailing slashes are ignored.
 */
export function matchRoute(path: string): RoutePath | undefined {
  const parts = segments(path);
  const matches = ROUTE_PATHS.filter((pattern) => {
    const want = segments(pattern);
    return want.length === parts.length && want.every((w, i) => w.startsWith(':') || w === parts[i]);
  });
  return matches.sort((a, b) => paramCount(a) - paramCount(b))[0];
}

/**
 * Decides what to do with a path: unknown paths go to /, unknown paths under /kol-management
 * go to /kol-management, and a signed-out user asking for a private route goes to /login.
 */
export function routeAccess(path: string, signedIn: boolean): Access {
  let target = path;
  let pattern = matchRoute(path);
  if (!pattern) {
    target = segments(path)[0] === 'kol-management' ? '/kol-management' : '/';
    pattern = matchRoute(target);
  }
  if (pattern && !PUBLIC_PATHS.has(pattern) && !signedIn) return { kind: 'redirect', to: '/login' };
  return target === path ? { kind: 'allow' } : { kind: 'redirect', to: target };
}
