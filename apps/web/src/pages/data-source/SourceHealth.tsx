import { adminCalls, type Response } from '@kolscope/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { currentLanguage } from '../../i18n';
import { formatRelativeTime } from '../../features/post-card/relativeTime';

type Health = Response<typeof adminCalls.sourceHealth>;

/**
 * For administrators: how each collection source is doing (issue 31). A source whose last requests
 * all failed says "Failing" with the service's own error text, so a hub answering every request
 * with HTTP 400 no longer looks live. Others see nothing (the call is the admin's).
 */
export function SourceHealth() {
  const { t } = useTranslation();
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    let live = true;
    api(adminCalls.sourceHealth).then(
      (h) => live && setHealth(h),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!health || health.length === 0) return null;
  const now = Date.now();
  const ago = (s: number) => formatRelativeTime(s, now, t, currentLanguage);
  return (
    <section data-testid="source-health">
      <h2 className="ds-heading">{t('dataSource.health.title')}</h2>
      <ul className="ds-list">
        {health.map((h) => (
          <li key={h.name} className="ds-health" data-testid={`source-health-${h.name}`} data-state={h.state}>
            <div className="ds-health__line">
              <span className={`ds-health__dot ds-health__dot--${h.state}`} aria-hidden="true" />
              <span className="ds-health__name">
                {t(`dataSource.health.source.${h.name}`, { defaultValue: h.name })}
              </span>
              <span className="ds-health__state">
                {h.state === 'failing'
                  ? t('dataSource.health.failing', { count: h.failures })
                  : h.lastSuccessAt
                    ? t('dataSource.health.ok', { when: ago(h.lastSuccessAt) })
                    : t('dataSource.health.waiting')}
              </span>
            </div>
            {h.state === 'failing' && h.error && (
              <p className="ds-health__error" data-testid="source-health-error">
                {h.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
