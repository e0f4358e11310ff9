import { RULE_TYPES, type RuleType } from '@kolscope/contract';
import { ActionSheet } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryPicker } from '../pickers/CategoryPicker';
import { CoinPicker } from '../pickers/CoinPicker';
import { UserPicker } from '../pickers/UserPicker';
import { FilterCard } from './FilterCard';
import { authorRule, categoryRule, coinRule, type FilterGroup, findGroup, type PickedType } from './filters';
import type { FilterGroupsState } from './useFilterGroups';
import './filters.css';

function pickedValues(groups: FilterGroup[], type: PickedType) {
  const group = findGroup(groups, type);
  return group && 'rules' in group ? group.rules : [];
}

/**
 * The filter-condition section of a view form: one card per group, the add-filter action sheet
 * (Category, Keywords, Coins, Authors, Fans) and the pickers it opens. The content feed and the
 * analytics report forms share it, state included (`useFilterGroups`).
 */
export function FilterGroupsEditor({ form, emptyText }: { form: FilterGroupsState; emptyText: string }) {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const authors = pickedValues(form.groups, 'authors');
  // Each picker shows while the form asks for its type; closing it clears the ask.
  const sheetOf = (type: PickedType) => ({ visible: form.picker === type, onClose: () => form.setPicker(null) });
  const pickedIds = (type: PickedType) => pickedValues(form.groups, type).map((r) => r.value ?? '');

  return (
    <>
      <h2 className="filters__heading">{t('feedSetting.filters')}</h2>
      <p className="filters__hint">{t('feedSetting.filtersHint')}</p>
      {form.groups.length === 0 && <p className="filters__empty">{emptyText}</p>}
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
        {...sheetOf('crypto_types')}
        value={pickedIds('crypto_types')}
        onConfirm={(picked) => form.confirmPicked('crypto_types', picked.map(categoryRule))}
      />
      <CoinPicker
        {...sheetOf('coins')}
        value={pickedIds('coins')}
        onConfirm={(coins) =>
          form.confirmPicked(
            'coins',
            coins.map((c) => coinRule(c.coin)),
          )
        }
      />
      <UserPicker
        {...sheetOf('authors')}
        mode="kol"
        modeSwitch
        value={authors.map((r) => ({ id: r.value ?? '', username: r.data?.username ?? '', name: r.label }))}
        onConfirm={(users) => form.confirmPicked('authors', users.map(authorRule))}
      />
    </>
  );
}
