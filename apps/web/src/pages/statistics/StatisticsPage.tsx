import { ComingSoon } from '../../features/ComingSoon';

/** /statistics (administrators) — placeholder until its own issue builds the screen. */
export default function StatisticsPage() {
  return <ComingSoon titleKey="pages.statistics" />;
}
