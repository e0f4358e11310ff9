import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CategoryOption,
  isSubSelected,
  normaliseSelection,
  primaryState,
  toggleSub,
  togglePrimary,
  toOptions,
} from './category';
import { PickerLayout, PickerPopup, type PickerProps } from './PickerPopup';
import { PickerStatus } from './PickerStatus';
import { useCategories } from './useCategories';
import { PickButton } from './PickButton';

export type { CategoryOption };

/**
 * `value` holds ids of primaries ('defi') and sub-categories ('defi/lending'); the confirmed
 * categories come with their names, in the canonical form (a whole primary as its id).
 */
type Props = PickerProps<string, CategoryOption>;

/** Primary groups with their sub-categories and a select-all per primary (spec section 2). */
export function CategoryPicker(props: Props) {
  return (
    <PickerPopup visible={props.visible} onClose={props.onClose}>
      <CategoryPickerContent {...props} />
    </PickerPopup>
  );
}

function CategoryPickerContent({ value, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const categories = useCategories(t('picker.fetchCategoriesFailed'));
  const [picked, setPicked] = useState<string[]>(() => [...value]);
  const list = categories.list;
  // Normalised against the list once it is there, so a loaded "all subs" shows as the primary.
  const selection = list.length > 0 ? normaliseSelection(picked, list) : picked;

  const confirm = () => {
    onConfirm(toOptions(selection, list));
    onClose();
  };

  return (
    <PickerLayout title={t('picker.categoryTitle')} onClose={onClose} onConfirm={confirm} count={selection.length}>
      <PickerStatus
        loading={categories.loading}
        error={categories.error}
        empty={list.length === 0}
        onRetry={categories.retry}
      />
      {list.map((primary) => {
        const state = primaryState(selection, primary);
        return (
          <section key={primary.id} className="picker__group">
            <div className="picker__group-head">
              <span className="picker__group-name">{primary.name}</span>
              <Checkbox
                data-testid={`picker-item-${primary.id}`}
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={() => setPicked(togglePrimary(selection, list, primary.id))}
              >
                {t('picker.selectAll')}
              </Checkbox>
            </div>
            <div className="picker__chips">
              {primary.subs.map((sub) => {
                const on = isSubSelected(selection, sub.id);
                return (
                  <PickButton
                    key={sub.id}
                    id={sub.id}
                    on={on}
                    variant="chip"
                    onClick={() => setPicked(toggleSub(selection, list, sub.id))}
                  >
                    {sub.name}
                  </PickButton>
                );
              })}
            </div>
          </section>
        );
      })}
    </PickerLayout>
  );
}
