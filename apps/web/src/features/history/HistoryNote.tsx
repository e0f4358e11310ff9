import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { historyIncomplete, windowCoverage } from './historyState';
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
