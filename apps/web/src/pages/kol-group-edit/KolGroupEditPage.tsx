import { useParams } from 'react-router';
import { ComingSoon } from '../../features/ComingSoon';

/** /kol-management/create and /kol-management/create/:groupId — placeholder until its own issue. */
export default function KolGroupEditPage() {
  const { groupId } = useParams();
  return <ComingSoon titleKey={groupId ? 'pages.kolGroupEdit' : 'pages.kolGroupCreate'} />;
}
