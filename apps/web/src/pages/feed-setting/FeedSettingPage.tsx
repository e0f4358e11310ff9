import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FilterGroupsEditor } from '../../features/filters/FilterGroupsEditor';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { useFeedForm } from './useFeedForm';
import { TitleField } from '../../features/view-form/TitleField';

/** /feed-setting (create) and /feed-setting/:id (edit): a title and filter cards (spec section 2). */
export default function FeedSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const form = useFeedForm(id);

  return (
    <ViewFormPage
      title={t(form.editing ? 'feedSetting.editTitle' : 'feedSetting.createTitle')}
      form={form}
      testIds={{ state: 'feed-setting', save: 'feed-save' }}
    >
      <TitleField
        label={t('feedSetting.title')}
        testId="feed-title"
        value={form.title}
        onChange={form.changeTitle}
        error={form.titleError}
        placeholder={t('feedSetting.titlePlaceholder')}
      />
      <FilterGroupsEditor form={form.filters} />
    </ViewFormPage>
  );
}
