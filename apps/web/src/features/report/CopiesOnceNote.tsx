import { useTranslation } from 'react-i18next';
import './copies-once.css';

/**
 * The counting rule under a report's counts and the ranking's table: a copy-paste cluster counts
 * once (apps/server/src/services/README.md "Near-duplicates"). `className` places it on its screen.
 */
export function CopiesOnceNote({ testId, className }: { testId: string; className: string }) {
  const { t } = useTranslation();
  return (
    <p className={`copies-once ${className}`} data-testid={testId}>
      {t('report.copiesOnce')}
    </p>
  );
}
