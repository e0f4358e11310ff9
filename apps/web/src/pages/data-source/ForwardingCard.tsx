import type { DataSourceState } from '@kolscope/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../features/confirmDanger';
import { copyText } from '../../features/copyText';
import { formatRelativeTime } from '../../features/post-card/relativeTime';
import { useMinuteClock } from '../../features/post-card/useMinuteClock';
import { toastError, toastInfo, toastSuccess } from '../../features/toast';
import { currentLanguage } from '../../i18n';

interface Props {
  forwarding: DataSourceState['forwarding'];
  /** The whole token, when this page made it (it is shown only then). */
  shownToken: string | null;
  busy: string | null;
  rotate: () => Promise<unknown>;
  revoke: () => Promise<unknown>;
}

function CopyRow({ label, value, testId, note }: { label: string; value: string; testId: string; note?: string }) {
  const { t } = useTranslation();
  const copy = async () => toastInfo(t((await copyText(value)) ? 'dataSource.copied' : 'dataSource.copyFailed'));
  return (
    <div className="ds-copy">
      <div className="ds-copy__label">{label}</div>
      <div className="ds-copy__row">
        <code className="ds-copy__value" data-testid={testId}>
          {value}
        </code>
        <Button size="mini" shape="rounded" data-testid={`${testId}-copy`} onClick={() => void copy()}>
          {t('dataSource.copy')}
        </Button>
      </div>
      {note && <div className="ds-copy__note">{note}</div>}
    </div>
  );
}

/** A card action: small and rounded, spinning while its own call runs, disabled while any runs. */
function CardAction({
  busy,
  action,
  testId,
  look,
  run,
  children,
}: {
  busy: string | null;
  action: 'rotate' | 'revoke';
  testId: string;
  /** 'primary' (make the first token), 'danger' (revoke, outlined); the default grey otherwise. */
  look?: 'primary' | 'danger';
  run: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      shape="rounded"
      {...(look ? { color: look } : {})}
      {...(look === 'danger' ? { fill: 'outline' as const } : {})}
      data-testid={testId}
      loading={busy === action}
      disabled={busy !== null}
      onClick={() => void run()}
    >
      {children}
    </Button>
  );
}

/**
 * The user's ingest address and token for a phone notification forwarder, with copy, rotate and
 * revoke. docs/FORWARDING.md explains how to set a forwarder up.
 */
export function ForwardingCard({ forwarding, shownToken, busy, rotate, revoke }: Props) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const card = useRef<HTMLElement>(null);

  // A new token is shown only now: bring it into view so it is copied before the page is left.
  useEffect(() => {
    if (shownToken) card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [shownToken]);

  const doRotate = () =>
    rotate().then(
      () => toastSuccess(t('dataSource.rotated')),
      (error: unknown) => toastError(error, t('dataSource.saveFailed')),
    );
  const doRevoke = async () => {
    const ok = await confirmDanger({
      title: t('dataSource.revokeConfirm'),
      content: t('dataSource.revokeBody'),
      confirm: t('dataSource.revoke'),
      testId: 'ingest-revoke-confirm',
    });
    if (!ok) return;
    await revoke().then(
      () => toastSuccess(t('dataSource.revoked')),
      (error: unknown) => toastError(error, t('dataSource.saveFailed')),
    );
  };

  return (
    <section className="ds-card" data-testid="forwarding" ref={card}>
      <h2 className="ds-card__title">{t('dataSource.forwarding')}</h2>
      <p className="ds-card__hint">{t('dataSource.forwardingHint')}</p>
      <CopyRow label={t('dataSource.address')} value={forwarding.url} testId="ingest-url" />
      {shownToken ? (
        <CopyRow
          label={t('dataSource.token')}
          value={shownToken}
          testId="ingest-token"
          note={t('dataSource.tokenOnce')}
        />
      ) : forwarding.hasToken ? (
        <div className="ds-copy">
          <div className="ds-copy__label">{t('dataSource.token')}</div>
          <code className="ds-copy__value" data-testid="ingest-token-hint">
            {forwarding.tokenHint}
          </code>
          <div className="ds-copy__note">{t('dataSource.tokenHidden')}</div>
        </div>
      ) : (
        <p className="ds-card__hint" data-testid="ingest-no-token">
          {t('dataSource.noToken')}
        </p>
      )}
      {forwarding.hasToken && (
        <p className="ds-card__meta" data-testid="ingest-last-used">
          {forwarding.lastUsedAt
            ? t('dataSource.lastUsed', { time: formatRelativeTime(forwarding.lastUsedAt, now, t, currentLanguage) })
            : t('dataSource.neverUsed')}
        </p>
      )}
      <p className="ds-card__format">{t('dataSource.howTo')}</p>
      <div className="ds-card__actions">
        {forwarding.hasToken ? (
          <>
            <CardAction busy={busy} action="rotate" testId="ingest-rotate" run={doRotate}>
              {t('dataSource.rotate')}
            </CardAction>
            <CardAction busy={busy} action="revoke" testId="ingest-revoke" look="danger" run={doRevoke}>
              {t('dataSource.revoke')}
            </CardAction>
          </>
        ) : (
          <CardAction busy={busy} action="rotate" testId="ingest-make-token" look="primary" run={doRotate}>
            {t('dataSource.makeToken')}
          </CardAction>
        )}
      </div>
    </section>
  );
}
