import type { ReactNode } from 'react';
import { RouteLink } from '../RouteLink';

export function kolPath(twitterUserId: string): string {
  return `/kol/${encodeURIComponent(twitterUserId)}`;
}

interface Props {
  /** Without an id (an account the server could not name) the children show without a link. */
  userId: string | undefined;
  className?: string;
  label?: string | undefined;
  testId?: string;
  children: ReactNode;
}

/** A link to a KOL's profile (RouteLink: a real link, a plain tap through the router). */
export function KolLink({ userId, className, label, testId, children }: Props) {
  if (!userId) return <span className={className}>{children}</span>;
  return (
    <RouteLink to={kolPath(userId)} className={className} label={label} testId={testId}>
      {children}
    </RouteLink>
  );
}
