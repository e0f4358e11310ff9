import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { historyIncomplete, recordsIncomplete, windowCoverage } from './historyState';
import { useHistoryStatus } from './useHistoryStatus';
import './history.css';

/**
 * "Loading history: 45 % of this range" above a ranking or report whose window reaches back
 * before the history loaded so far (a fresh install loads 30 days of posts, newest first).
 */
export function HistoryNote({ windowStart }: { windowStart: number }) {
  const { t } = useTranslation();
  const status = useHistoryStatus();
  if (!status || !historyIncomplete(status, windowStart)) return null;
  const percent = windowCoverage(status, windowStart, Math.floor(Date.now() / 1000));
  return (
    <div className="history-note" role="status" data-testid="history-note" data-percent={percent}>
      <ClockCircleOutline className="history-note__icon" />
      <span>{t('history.loading', { percent })}</span>
    </div>
  );
}

/**
 * The same note above a track record (a KOL profile, a group's leaderboard): it counts every call
 * since the first stored post, so it is partial while history loads ("45 % loaded") and until the
 * loaded history's calls are worked out.
 */
export function RecordsHistoryNote() {
  const { t } = useTranslation();
  const status = useHistoryStatus();
  if (!status || !recordsIncomplete(status)) return null;
  return (
    <div className="history-note" role="status" data-testid="records-history-note" data-percent={status.percent}>
      <ClockCircleOutline className="history-note__icon" />
      <span>{status.loading ? t('history.records', { percent: status.percent }) : t('history.recordsBuilding')}</span>
    </div>
  );
}
