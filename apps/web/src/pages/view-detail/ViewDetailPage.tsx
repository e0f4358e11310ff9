import { ComingSoon } from '../../features/ComingSoon';

/** /view-detail/:viewId — placeholder until its own issue builds the screen. */
export default function ViewDetailPage() {
  return <ComingSoon titleKey="pages.viewDetail" />;
}
