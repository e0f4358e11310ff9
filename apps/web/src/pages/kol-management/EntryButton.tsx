import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** A row that leads somewhere (all KOLs, "a KOL is missing"): icon, title, a line of text, arrow. */
export function EntryButton({
  testId,
  icon,
  title,
  body,
  quiet = false,
  onClick,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  body: string;
  /** The muted look of a secondary entry. */
  quiet?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={quiet ? 'kol-entry kol-entry--quiet' : 'kol-entry'}
      data-testid={testId}
      onClick={onClick}
    >
      <span className={quiet ? 'kol-entry__icon kol-entry__icon--quiet' : 'kol-entry__icon'}>{icon}</span>
      <span className="kol-entry__text">
        <span className="kol-entry__title">{title}</span>
        <span className="kol-entry__body">{body}</span>
      </span>
      <RightOutline className="kol-row__arrow" aria-hidden="true" />
    </button>
  );
}
