import { type AlertEvent, alertCalls } from '@kolscope/contract';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { bucketLabel } from '../report/format';
import { useLoaded } from './useLoaded';
import './alerts.css';

/**
 * The opinion alerts that fired (issue 33 §1), newest first: at the top of the notification list
 * (every view's), and on an opinion view's detail page (its own). Each names its numbers (the
 * server's sentence, in the reader's language) and opens the report at that time. Nothing shows
 * until one has fired. Refreshed with the page's poll.
 */
export function AlertEvents({ viewId, max = 5, selectedAt }: { viewId?: string; max?: number; selectedAt?: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLoaded(
    () => api(alertCalls.events, { ...(viewId ? { viewId } : {}) }),
    [viewId, i18n.language],
    { autoRefresh: true },
  );
  const list: AlertEvent[] = state.data?.list.slice(0, max) ?? [];
  if (list.length === 0) return null;
  return (
    <section className="alert-events" data-testid="alert-events" aria-label={t('alerts.firedTitle')}>
      <h3 className="alert-events__title">
        <BellOutline /> {t('alerts.firedTitle')}
      </h3>
      <ul className="alert-events__list">
        {list.map((e) => (
          <li key={e.eventId}>
            <button
              type="button"
              className={`alert-events__row${selectedAt === e.at ? ' alert-events__row--selected' : ''}`}
              data-testid="alert-event"
              data-at={e.at}
              data-view-id={e.viewId}
              onClick={() => navigate(`/view-detail/${e.viewId}?at=${e.at}`)}
            >
              <span className="alert-events__text" data-testid="alert-event-text">
                {e.text}
              </span>
              <time className="alert-events__time">{bucketLabel(e.at)}</time>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
