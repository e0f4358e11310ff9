import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitleField } from '../view-form/TitleField';
import { ViewFormPage, type ViewFormState } from '../view-form/ViewFormPage';
import { FilterGroupsEditor } from './FilterGroupsEditor';
import type { FilterGroupsState } from './useFilterGroups';

interface Props {
  /**
   * Whose words: `<keys>.createTitle`, `.editTitle`, `.titlePlaceholder` and `.noFilters`; and
   * the test ids `<id>-setting` (load states), `<id>-save` and `<id>-title`.
   */
  kind: { keys: 'feedSetting' | 'reportSetting'; id: 'feed' | 'report' };
  form: ViewFormState & {
    title: string;
    changeTitle: (value: string) => void;
    titleError: string | undefined;
    filters: FilterGroupsState;
  };
  /** The fields between the title and the filter groups (the report's times). */
  children?: ReactNode;
}

/**
 * The form of a view chosen by filter groups, the content feed and the analytics report (spec
 * section 2): its title first, the filter-condition section last.
 */
export function FilterViewForm({ kind: { keys, id }, form, children }: Props) {
  const { t } = useTranslation();
  return (
    <ViewFormPage
      title={t(form.editing ? `${keys}.editTitle` : `${keys}.createTitle`)}
      form={form}
      testIds={{ state: `${id}-setting`, save: `${id}-save` }}
    >
      <TitleField
        label={t('feedSetting.title')}
        testId={`${id}-title`}
        value={form.title}
        onChange={form.changeTitle}
        error={form.titleError}
        placeholder={t(`${keys}.titlePlaceholder`)}
      />
      {children}
      <FilterGroupsEditor form={form.filters} emptyText={t(`${keys}.noFilters`)} />
    </ViewFormPage>
  );
}
