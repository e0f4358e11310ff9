import { type AlertRule, alertCalls } from '@kolscope/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useViews } from '../../state/views';
import { FormCard } from '../view-form/FormCard';
import { describeRule } from './alertsState';
import { useLoaded } from './useLoaded';
import './alerts.css';

const SETTING = { coin_opinion: '/coin-opinion-setting', event_opinion: '/event-opinion-setting' } as const;

/**
 * On the notification view form (issue 33 §1): the user's opinion alerts, which live on coin and
 * event opinion views, each opening its view's settings; and every opinion view, to add one.
 */
export function OpinionAlertsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useViews((s) => s.list);
  const { state } = useLoaded(() => api(alertCalls.list, {}), []);
  const views = list
    .filter((g) => g.viewType === 'coin_opinion' || g.viewType === 'event_opinion')
    .flatMap((g) => g.subs.map((s) => ({ viewId: s.viewId, name: s.name, type: g.viewType as keyof typeof SETTING })));
  const rulesOf = (viewId: string): AlertRule[] => state.data?.list.filter((r) => r.viewId === viewId) ?? [];
  return (
    <FormCard testId="opinion-alerts" title={t('alerts.firedTitle')} hint={t('alerts.formHint')}>
      {views.length === 0 && <p className="alert-rules__empty">{t('alerts.noOpinionViews')}</p>}
      <ul className="alert-rules">
        {views.map((v) => (
          <li key={v.viewId}>
            <button
              type="button"
              className="ks-list-row alert-views__row"
              data-testid="opinion-alerts-view"
              onClick={() => navigate(`${SETTING[v.type]}/${encodeURIComponent(v.viewId)}`)}
            >
              <span className="alert-views__body">
                <span className="alert-views__name">{v.name}</span>
                {rulesOf(v.viewId).map((r) => {
                  const d = describeRule(r);
                  return (
                    <span key={r.alertId} className="alert-views__rule">
                      {t(d.key, { ...d.values, window: t(`alerts.window.${r.window}`) })}
                    </span>
                  );
                })}
                {rulesOf(v.viewId).length === 0 && <span className="alert-views__rule">{t('alerts.none')}</span>}
              </span>
              <RightOutline />
            </button>
          </li>
        ))}
      </ul>
    </FormCard>
  );
}
