import { CUSTOM_SOURCES, type CustomSource, NOTIFICATION_SOURCES } from '@kolscope/contract';
import { Switch } from 'antd-mobile';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OpinionAlertsCard } from '../../features/alerts/OpinionAlertsCard';
import { KeywordsBody } from '../../features/filters/KeywordsBody';
import { TimeSelector } from '../../features/report/TimeSelector';
import { FormCard } from '../../features/view-form/FormCard';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { useNotificationForm } from './useNotificationForm';
import './notification-setting.css';
import { TitleField } from '../../features/view-form/TitleField';

const isCustom = (s: string): s is CustomSource => (CUSTOM_SOURCES as readonly string[]).includes(s);

/**
 * /notification-setting (create) and /notification-setting/:id (edit): name, keywords, data
 * sources (superKOL only by default), update frequency and the push switch (spec section 2).
 */
export default function NotificationSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const form = useNotificationForm(id);
  const { fields } = form;

  return (
    <ViewFormPage
      title={t(form.editing ? 'notifySetting.editTitle' : 'notifySetting.createTitle')}
      form={form}
      testIds={{ state: 'notify-setting', save: 'notify-save', page: 'notify-setting' }}
    >
      <TitleField
        label={t('notifySetting.name')}
        testId="notify-name"
        value={fields.name}
        onChange={form.setName}
        error={form.errorText('name') || undefined}
        placeholder={t('notifySetting.namePlaceholder')}
      />

      <FormCard
        testId="notify-keywords"
        title={t('notifySetting.keywords')}
        hint={t('notifySetting.keywordsHint')}
        error={form.errorText('keywords')}
      >
        <KeywordsBody keywords={[...fields.keywords]} onChange={form.setKeywords} />
      </FormCard>

      <FormCard
        testId="notify-sources"
        title={t('notifySetting.sources')}
        hint={t('notifySetting.sourcesHint')}
        error={form.errorText('sources')}
      >
        <div className="notify-set__sources">
          {NOTIFICATION_SOURCES.map((source) => {
            const checked = fields.sources.includes(source);
            const off = isCustom(source) && form.customOn !== null && !form.customOn.includes(source);
            return (
              <label key={source} className={`notify-set__source${checked ? ' notify-set__source--on' : ''}`}>
                <input
                  type="checkbox"
                  className="notify-set__input"
                  data-testid={`notify-source-${source}`}
                  checked={checked}
                  onChange={() => form.toggle(source)}
                />
                <span className="notify-set__check" aria-hidden="true">
                  {checked && <CheckOutline />}
                </span>
                <span className="notify-set__source-text">
                  <span className="notify-set__source-name">{t(`notify.source.${source}`)}</span>
                  <span className={`notify-set__source-hint${off ? ' notify-set__source-hint--off' : ''}`}>
                    {off ? t('notifySetting.sourceOff') : t(`notifySetting.sourceHint.${source}`)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <button
          type="button"
          className="notify-set__manage"
          data-testid="notify-manage-sources"
          onClick={() => navigate('/data-source')}
        >
          {t('notifySetting.manageSources')} <RightOutline />
        </button>
      </FormCard>

      <TimeSelector
        label={t('notifySetting.updateFreq')}
        testId="notify-update-freq"
        value={fields.updateFreq}
        onChange={form.setUpdateFreq}
        hint={t('notifySetting.updateFreqHint')}
        error={form.errorText('updateFreq') || undefined}
      />

      <div className="notify-set__push">
        <div>
          <div className="notify-set__push-label">{t('notifySetting.push')}</div>
          <div className="notify-set__push-hint">{t('notifySetting.pushHint')}</div>
        </div>
        <Switch
          data-testid="notify-push"
          checked={fields.notificationEnabled}
          loading={form.subscribing}
          onChange={(on) => void form.setPush(on)}
        />
      </div>
      <OpinionAlertsCard />
    </ViewFormPage>
  );
}
