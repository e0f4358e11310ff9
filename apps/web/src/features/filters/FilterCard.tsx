import type { MatchingRule, RuleType } from '@kolscope/contract';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ChipRemove } from '../ChipRemove';
import { categoryLabel } from '../pickers/category';
import { useCategories } from '../pickers/useCategories';
import { FormCard } from '../view-form/FormCard';
import { FansRange } from './FansRange';
import type { FilterGroup, PickedType } from './filters';
import { KeywordsBody } from './KeywordsBody';

interface Props {
  group: FilterGroup;
  onChange: (next: FilterGroup) => void;
  onRemove: () => void;
  onPick: (type: PickedType) => void;
  fansFocus: number;
}

/** One filter group: its type, what it holds, and a button to remove the whole card. */
export function FilterCard({ group, onChange, onRemove, onPick, fansFocus }: Props) {
  const { t } = useTranslation();
  return (
    <FormCard
      testId={`filter-card-${group.type}`}
      title={t(`feedSetting.type.${group.type}`)}
      hint={t(`feedSetting.typeHint.${group.type}`)}
      action={
        <button
          type="button"
          className="ks-icon-button filter-card__remove"
          aria-label={`${t('feedSetting.removeFilter')}: ${t(`feedSetting.type.${group.type}`)}`}
          onClick={onRemove}
        >
          <DeleteOutline />
        </button>
      }
    >
      {group.type === 'keywords' && (
        <KeywordsBody keywords={group.keywords} onChange={(keywords) => onChange({ ...group, keywords })} />
      )}
      {group.type === 'fans' && (
        <FansRange
          keys="feedSetting"
          id="fans"
          min={group.min}
          max={group.max}
          focusToken={fansFocus}
          onChange={(min, max) => onChange({ ...group, min, max })}
        />
      )}
      {(group.type === 'crypto_types' || group.type === 'coins' || group.type === 'authors') && (
        <PickedRules
          type={group.type}
          rules={group.rules}
          onChange={(rules) => onChange({ ...group, rules })}
          onPick={() => onPick(group.type as PickedType)}
        />
      )}
    </FormCard>
  );
}

interface PickedProps {
  type: PickedType;
  rules: MatchingRule[];
  onChange: (rules: MatchingRule[]) => void;
  onPick: () => void;
}

/** Rules chosen in a picker, as removable tags, and a tag that reopens the picker. */
function PickedRules({ type, rules, onChange, onPick }: PickedProps) {
  const { t } = useTranslation();
  return (
    <div className="filter-card__items">
      {rules.map((rule) => {
        const label = <RuleLabel type={type} rule={rule} />;
        const text = rule.label || rule.value || '';
        return (
          <span key={rule.value} className="filter-tag" data-testid={`filter-tag-${rule.value}`}>
            <span className="filter-tag__text">{label}</span>
            <ChipRemove
              className="filter-tag__remove"
              label={t('feedSetting.removeItem', { name: text })}
              onClick={() => onChange(rules.filter((r) => r !== rule))}
            />
          </span>
        );
      })}
      <button type="button" className="filter-tag filter-tag--add" onClick={onPick}>
        <AddOutline /> {t(rules.length > 0 ? 'feedSetting.change' : 'feedSetting.choose')}
      </button>
    </div>
  );
}

function RuleLabel({ type, rule }: { type: RuleType; rule: MatchingRule }) {
  if (type === 'crypto_types') return <CategoryName id={rule.value ?? ''} fallback={rule.label} />;
  if (type === 'coins') return <>${rule.value}</>;
  if (type === 'authors' && rule.data?.username && rule.label !== `@${rule.data.username}`) {
    return (
      <>
        {rule.label} <span className="filter-tag__muted">@{rule.data.username}</span>
      </>
    );
  }
  return <>{rule.label || rule.value}</>;
}

/** Category names follow the current language even when the view was saved in the other one. */
function CategoryName({ id, fallback }: { id: string; fallback: string | undefined }) {
  const { t } = useTranslation();
  const { list } = useCategories(t('picker.fetchCategoriesFailed'));
  const name = list.length > 0 ? categoryLabel(id, list) : undefined;
  return <>{name && name !== id ? name : fallback || id}</>;
}
