import { ComingSoon } from '../../features/ComingSoon';

/** /kol-management/:groupId — placeholder until its own issue builds the screen. */
export default function KolGroupDetailPage() {
  return <ComingSoon titleKey="pages.kolGroupDetail" />;
}
