import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useSession } from '../state/useSession';
import { LoadingState } from './LoadState';

/**
 * The body of an administrator's page: a spinner until the session knows the user, then the
 * page for an administrator and a lock with `deniedText` for anyone else. The page makes no call
 * for them, because the API's 403 would sign them out.
 */
export function AdminOnly({
  deniedText,
  deniedClassName,
  testIds,
  children,
}: {
  deniedText: string;
  /** The page's look of the lock block (beside `ks-page-center`). */
  deniedClassName: string;
  testIds: { loading?: string; denied: string };
  children: ReactNode;
}) {
  const user = useSession((s) => s.user);
  if (user === null) return <LoadingState className="ks-page-center" testId={testIds.loading} />;
  if (user.isAdmin) return <>{children}</>;
  return (
    <div className={`ks-page-center ${deniedClassName}`} data-testid={testIds.denied}>
      <LockOutline fontSize={40} />
      <span>{deniedText}</span>
    </div>
  );
}
