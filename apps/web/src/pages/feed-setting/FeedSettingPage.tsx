import { RULE_TYPES, type RuleType } from '@kolscope/contract';
import { ActionSheet, Button, SpinLoading } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageNavBar } from '../../features/PageNavBar';
import { CategoryPicker } from '../../features/pickers/CategoryPicker';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { UserPicker } from '../../features/pickers/UserPicker';
import { TextField } from '../../features/TextField';
import { FilterCard } from './FilterCard';
import { authorRule, coinRule, type FilterGroup, findGroup, type PickedType } from './filters';
import { useFeedForm } from './useFeedForm';
import './feed-setting.css';

function pickedValues(groups: FilterGroup[], type: PickedType) {
  const group = findGroup(groups, type);
  return group && 'rules' in group ? group.rules : [];
}

/** /feed-setting (create) and /feed-setting/:id (edit): a title and filter cards (spec section 2). */
export default function FeedSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useFeedForm(id);
  const [sheetOpen, setSheetOpen] = useState(false);
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

  const authors = pickedValues(form.groups, 'authors');

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
        <h2 className="feed-form__section">{t('feedSetting.filters')}</h2>
        <p className="feed-form__hint">{t('feedSetting.filtersHint')}</p>
        {form.groups.length === 0 && <p className="feed-form__empty">{t('feedSetting.noFilters')}</p>}
        {form.groups.map((group) => (
          <FilterCard
            key={group.key}
            group={group}
            fansFocus={form.fansFocus}
            onChange={(next) => form.updateGroup(group.key, next)}
            onRemove={() => form.removeGroup(group.key)}
            onPick={form.setPicker}
          />
        ))}
        <button type="button" className="add-filter" data-testid="add-filter" onClick={() => setSheetOpen(true)}>
          <AddCircleOutline /> {t('feedSetting.addFilter')}
        </button>
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

      <ActionSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        cancelText={t('common.cancel')}
        actions={RULE_TYPES.map((type) => ({
          key: type,
          text: <span data-testid={`add-filter-${type}`}>{t(`feedSetting.type.${type}`)}</span>,
        }))}
        onAction={(action) => {
          setSheetOpen(false);
          form.addFilter(action.key as RuleType);
        }}
      />
      <CategoryPicker
        visible={form.picker === 'crypto_types'}
        value={pickedValues(form.groups, 'crypto_types').map((r) => r.value ?? '')}
        onClose={() => form.setPicker(null)}
        onConfirm={(picked) =>
          form.confirmPicked(
            'crypto_types',
            picked.map((c) => ({ label: c.label, value: c.id })),
          )
        }
      />
      <CoinPicker
        visible={form.picker === 'coins'}
        value={pickedValues(form.groups, 'coins').map((r) => r.value ?? '')}
        onClose={() => form.setPicker(null)}
        onConfirm={(coins) =>
          form.confirmPicked(
            'coins',
            coins.map((c) => coinRule(c.coin)),
          )
        }
      />
      <UserPicker
        visible={form.picker === 'authors'}
        mode="kol"
        value={authors.map((r) => ({ id: r.value ?? '', username: r.data?.username ?? '', name: r.label }))}
        onClose={() => form.setPicker(null)}
        onConfirm={(users) => form.confirmPicked('authors', users.map(authorRule))}
      />
    </div>
  );
}
