import { ALERT_LIMITS, ALERT_WINDOWS, type AlertKind, alertCalls } from '@kolscope/contract';
import { Button, Selector, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { ChipRemove } from '../ChipRemove';
import { LoadingState } from '../LoadState';
import { RetryButton } from '../RetryButton';
import { toastError, toastSuccess } from '../toast';
import { FormCard } from '../view-form/FormCard';
import { describeRule, draftFor, type RuleDraft } from './alertsState';
import { useLoaded } from './useLoaded';
import './alerts.css';

/**
 * The opinion alerts of a coin or event opinion view, on its setting page (issue 33 §1): the
 * rules with their state, and a form to add one. A rule is saved at once by its own call, apart
 * from the view's Save; a view being created has none yet.
 */
export function AlertRulesCard({ viewId }: { viewId: string | undefined }) {
  const { t } = useTranslation();
  if (!viewId) {
    return (
      <FormCard testId="alert-rules" title={t('alerts.title')} hint={t('alerts.saveFirst')}>
        {null}
      </FormCard>
    );
  }
  return <RulesOfView viewId={viewId} />;
}

function RulesOfView({ viewId }: { viewId: string }) {
  const { t } = useTranslation();
  const { state, reload } = useLoaded(() => api(alertCalls.list, { viewId }), [viewId]);
  const [draft, setDraft] = useState<RuleDraft>(() => draftFor('sentiment_swing'));
  const [busy, setBusy] = useState(false);
  const rules = state.data?.list ?? [];
  const full = rules.length >= ALERT_LIMITS.perView;

  const add = async () => {
    setBusy(true);
    try {
      await api(alertCalls.add, { viewId, ...draft });
      toastSuccess(t('alerts.added'));
      await reload();
    } catch (error) {
      toastError(error, t('alerts.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (alertId: string) => {
    try {
      await api(alertCalls.delete, { alertId });
      await reload();
    } catch (error) {
      toastError(error, t('alerts.saveFailed'));
    }
  };
  const swing = draft.kind === 'sentiment_swing';
  const range = swing ? ALERT_LIMITS.swingPoints : ALERT_LIMITS.spikeTimes;

  return (
    <FormCard testId="alert-rules" title={t('alerts.title')} hint={t('alerts.hint', { max: ALERT_LIMITS.perView })}>
      {state.loading && !state.data && (
        <LoadingState className="alert-rules__state-block" testId="alert-rules-loading" />
      )}
      {state.error && !state.data && (
        <div className="alert-rules__state-block" role="alert">
          <p>{state.error}</p>
          <RetryButton size="small" onClick={() => void reload()}>
            {t('alerts.retry')}
          </RetryButton>
        </div>
      )}
      {state.data && (
        <ul className="alert-rules" data-testid="alert-rule-list">
          {rules.length === 0 && <li className="alert-rules__empty">{t('alerts.none')}</li>}
          {rules.map((r) => {
            const d = describeRule(r);
            return (
              <li key={r.alertId} className="alert-rules__row" data-testid="alert-rule" data-armed={r.armed}>
                <span className="alert-rules__text">
                  {t(d.key, { ...d.values, window: t(`alerts.window.${r.window}`) })}
                  <span className={`alert-rules__state${r.armed ? '' : ' alert-rules__state--fired'}`}>
                    {t(r.armed ? 'alerts.armed' : 'alerts.fired')}
                  </span>
                </span>
                <ChipRemove
                  label={t('alerts.remove')}
                  testId="alert-rule-remove"
                  onClick={() => void remove(r.alertId)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className="alert-form" data-testid="alert-form">
        <Selector
          data-testid="alert-kind"
          columns={2}
          value={[draft.kind]}
          options={(['sentiment_swing', 'mention_spike'] as AlertKind[]).map((k) => ({
            label: t(`alerts.kind.${k}`),
            value: k,
          }))}
          onChange={(v) => v[0] && setDraft((d) => draftFor(v[0]!, d))}
        />
        <Selector
          data-testid="alert-window"
          columns={3}
          value={[draft.window]}
          options={ALERT_WINDOWS.map((w) => ({ label: t(`alerts.window.${w}`), value: w }))}
          onChange={(v) => v[0] && setDraft((d) => ({ ...d, window: v[0]! }))}
        />
        <div className="alert-form__row">
          <span>{t(swing ? 'alerts.points' : 'alerts.times')}</span>
          <Stepper
            data-testid="alert-threshold"
            min={range.min}
            max={range.max}
            step={swing ? 5 : 0.5}
            digits={swing ? 0 : 1}
            value={draft.threshold}
            onChange={(v) => setDraft((d) => ({ ...d, threshold: v ?? range.min }))}
          />
        </div>
        <div className="alert-form__row">
          <span>{t('alerts.minPosts')}</span>
          <Stepper
            data-testid="alert-min-posts"
            min={ALERT_LIMITS.minPosts.min}
            max={ALERT_LIMITS.minPosts.max}
            step={5}
            digits={0}
            value={draft.minPosts}
            onChange={(v) => setDraft((d) => ({ ...d, minPosts: v ?? ALERT_LIMITS.minPosts.min }))}
          />
        </div>
        <Button
          data-testid="alert-add"
          block
          color="primary"
          fill="outline"
          loading={busy}
          disabled={full}
          onClick={() => void add()}
        >
          {t(full ? 'alerts.full' : 'alerts.add')}
        </Button>
      </div>
    </FormCard>
  );
}
