import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { historyIncomplete } from './historyState';
import { useHistoryStatus } from './useHistoryStatus';
import './history.css';

/**
 * "Loading history: 45 %" above a ranking or report whose window reaches back before the history
 * loaded so far (a fresh install loads 30 days of posts, newest first).
 */
export function HistoryNote({ windowStart }: { windowStart: number }) {
  const { t } = useTranslation();
  const status = useHistoryStatus();
  if (!status || !historyIncomplete(status, windowStart)) return null;
  return (
    <div className="history-note" role="status" data-testid="history-note" data-percent={status.percent}>
      <ClockCircleOutline className="history-note__icon" />
      <span>{t('history.loading', { percent: status.percent })}</span>
    </div>
  );
}
