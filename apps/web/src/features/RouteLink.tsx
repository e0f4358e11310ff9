import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '../app/navigation';

interface Props {
  /** The app path, e.g. `/kol/123` (the hash is added). */
  to: string;
  className?: string | undefined;
  label?: string | undefined;
  testId?: string | undefined;
  children: ReactNode;
  /** More data attributes for tests and styles, e.g. `{ 'data-coin': 'BTC' }`. */
  data?: Record<`data-${string}`, string>;
}

/**
 * A link inside the app: a real `<a href="#/…">` (long-press, open in a new tab), but a plain tap
 * goes through the router, so the back button returns to the page it came from. The tap stops
 * here: cards and rows may have a tap of their own, and the link is the one that counts.
 */
export function RouteLink({ to, className, label, testId, children, data }: Props) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <a href={`#${to}`} className={className} aria-label={label} data-testid={testId} onClick={open} {...data}>
      {children}
    </a>
  );
}
