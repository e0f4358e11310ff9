import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilterGroupsEditor } from '../../features/filters/FilterGroupsEditor';
import { PageNavBar } from '../../features/PageNavBar';
import { TextField } from '../../features/TextField';
import { useFeedForm } from './useFeedForm';
import './feed-setting.css';

/** /feed-setting (create) and /feed-setting/:id (edit): a title and filter cards (spec section 2). */
export default function FeedSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useFeedForm(id);
  const editing = Boolean(id);

  const header = <PageNavBar title={t(editing ? 'feedSetting.editTitle' : 'feedSetting.createTitle')} />;

  if (form.loadState === 'loading') {
    return (
      <div className="feed-page">
        {header}
        <div className="ks-page-center" data-testid="feed-setting-loading">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
        </div>
      </div>
    );
  }
  if (form.loadState === 'failed') {
    return (
      <div className="feed-page">
        {header}
        <div className="feed-state" role="alert" data-testid="feed-setting-error">
          <p className="feed-state__title">{t('feedSetting.loadFailed')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            data-testid="feed-setting-retry"
            onClick={form.retryLoad}
          >
            {t('feedSetting.retry')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="feed-page">
      {header}
      <div className="feed-form">
        <TextField
          label={t('feedSetting.title')}
          testId="feed-title"
          value={form.title}
          onChange={form.changeTitle}
          error={form.titleError}
          placeholder={t('feedSetting.titlePlaceholder')}
          maxLength={100}
          autoComplete="off"
        />
        <FilterGroupsEditor form={form.filters} />
      </div>
      <footer className="ks-sticky-footer">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="feed-save"
          loading={form.saving}
          disabled={form.saving}
          onClick={() => void form.save()}
        >
          {t(editing ? 'feedSetting.update' : 'feedSetting.save')}
        </Button>
      </footer>
    </div>
  );
}
