import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../features/PageSpinner';
import { useSession } from '../state/useSession';
import { ErrorBoundary } from './ErrorBoundary';
import { routeAccess } from './routeAccess';
import { PAGES } from './routes';

/** The access rule runs before any page renders; redirects replace history (spec section 2). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const signedIn = useSession((s) => Boolean(s.uid));
  const access = routeAccess(pathname, signedIn);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;

  return (
    // Keyed by path so that leaving a crashed page clears the error.
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {Object.entries(PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
