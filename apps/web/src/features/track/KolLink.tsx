import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '../../app/navigation';

export function kolPath(twitterUserId: string): string {
  return `/kol/${encodeURIComponent(twitterUserId)}`;
}

interface Props {
  /** Without an id (an account the server could not name) the children show without a link. */
  userId: string | undefined;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A link to a KOL's profile. A real <a> (long-press, open in a new tab), but a plain tap goes
 * through the router so the back button returns to the page it came from.
 */
export function KolLink({ userId, className, label, testId, children }: Props) {
  if (!userId) return <span className={className}>{children}</span>;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Cards and rows may have their own tap; the link is the one that counts.
    event.stopPropagation();
    navigateTo(kolPath(userId as string));
  };
  return (
    <a href={`#${kolPath(userId)}`} className={className} aria-label={label} data-testid={testId} onClick={open}>
      {children}
    </a>
  );
}
