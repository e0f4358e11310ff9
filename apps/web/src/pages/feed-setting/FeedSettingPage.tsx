import { useParams } from 'react-router';
import { FilterViewForm } from '../../features/filters/FilterViewForm';
import { useFeedForm } from './useFeedForm';

/** /feed-setting (create) and /feed-setting/:id (edit): a title and filter cards (spec section 2). */
export default function FeedSettingPage() {
  const { id } = useParams();
  const form = useFeedForm(id);
  return <FilterViewForm kind={{ keys: 'feedSetting', id: 'feed' }} form={form} />;
}
