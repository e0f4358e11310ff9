import { ComingSoon } from '../../features/ComingSoon';

/** /data-source — placeholder until its own issue builds the screen. */
export default function DataSourcePage() {
  return <ComingSoon titleKey="pages.dataSource" />;
}
