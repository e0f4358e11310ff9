import { ALL_KOLS_GROUP_ID } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../RouteLink';
import './follow.css';

/** The leaderboard over every tracked KOL on one coin ("best callers on SOL", issue 33 §4). */
export const bestCallersPath = (coin: string) =>
  `/kol-management/${ALL_KOLS_GROUP_ID}?tab=leaderboard&coin=${encodeURIComponent(coin)}`;

/** A trophy: the row's small way to the coin's best callers. */
function Trophy() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
    </svg>
  );
}

/**
 * A link to the coin's best callers over all KOLs: with its words (a report), or a trophy alone
 * (a Hot Coins row, where the words would not fit; the label says them to a reader).
 */
export function BestCallersLink({
  coin,
  compact = false,
  testId,
}: {
  coin: string;
  compact?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const label = t('follow.bestCallers', { coin });
  return (
    <RouteLink
      to={bestCallersPath(coin)}
      className={`best-callers${compact ? ' best-callers--icon' : ''}`}
      label={compact ? label : undefined}
      testId={testId}
      data={{ 'data-coin': coin }}
    >
      <Trophy />
      {!compact && <span>{label}</span>}
    </RouteLink>
  );
}
