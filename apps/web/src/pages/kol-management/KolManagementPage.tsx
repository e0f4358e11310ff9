import { ComingSoon } from '../../features/ComingSoon';

/** /kol-management — placeholder until its own issue builds the screen. */
export default function KolManagementPage() {
  return <ComingSoon titleKey="pages.kolManagement" />;
}
