import type { DataSource } from '@kolscope/contract';
import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { brandStyle } from '../../features/networks/brands';
import { PageNavBar } from '../../features/PageNavBar';
import { toastError, toastSuccess } from '../../features/toast';
import { ForwardingCard } from './ForwardingCard';
import { SourceHealth } from './SourceHealth';
import { useSession } from '../../state/useSession';
import { useDataSources } from './useDataSources';
import './data-source.css';
import { RetryButton } from '../../features/RetryButton';
import { LoadingState } from '../../features/LoadState';

const PRIVACY_NOTES = ['installed', 'collect', 'account', 'stored'] as const;

/**
 * /data-source: the public networks collected (the system source), always on; WeChat, Telegram, WhatsApp and Discord, the
 * custom sources, with the spec's privacy notes; and, once one is on, the forwarding address
 * and token a phone forwarder needs (spec sections 1 and 2).
 */
export default function DataSourcePage() {
  const { t } = useTranslation();
  const ds = useDataSources();
  const isAdmin = useSession((s) => s.user?.isAdmin === true);
  const header = <PageNavBar title={t('dataSource.title')} />;

  if (!ds.state) {
    return (
      <div className="ds-page">
        {header}
        {ds.failed ? (
          <div className="ds-state" role="alert" data-testid="data-source-error">
            <p>{t('dataSource.loadFailed')}</p>
            <RetryButton testId="data-source-retry" onClick={ds.retry}>
              {t('dataSource.retry')}
            </RetryButton>
          </div>
        ) : (
          <LoadingState className="ks-page-center" testId="data-source-loading" />
        )}
      </div>
    );
  }

  const toggle = async (source: DataSource, enabled: boolean) => {
    const name = t(`dataSource.name.${source}`);
    try {
      await ds.toggle(source, enabled);
      toastSuccess(t(enabled ? 'dataSource.turnedOn' : 'dataSource.turnedOff', { name }));
    } catch (error) {
      toastError(error, t('dataSource.saveFailed'));
    }
  };
  const system = ds.state.sources.filter((s) => s.system);
  // The system source is every public network the server collects, named as the feeds show them.
  const networks = ds.state.networks ?? ['x'];
  const networkNames = networks.map((n) => t(`network.name.${n}`)).join(' · ');
  const custom = ds.state.sources.filter((s) => !s.system);
  const anyCustomOn = custom.some((s) => s.enabled);

  const row = (s: (typeof custom)[number]) => (
    <li key={s.source} className="ds-row" data-testid={`source-${s.source}`} data-enabled={s.enabled}>
      <span className={`ds-row__icon ds-row__icon--${s.source}`} style={brandStyle(s.source)} aria-hidden="true">
        {t(`dataSource.name.${s.source}`).charAt(0)}
      </span>
      <div className="ds-row__text">
        <div className="ds-row__name">{s.system ? networkNames : t(`dataSource.name.${s.source}`)}</div>
        <div className="ds-row__desc">{s.system ? t('dataSource.alwaysOn') : t(`dataSource.desc.${s.source}`)}</div>
      </div>
      <Switch
        data-testid={`source-switch-${s.source}`}
        checked={s.enabled}
        disabled={s.system || ds.busy !== null}
        loading={ds.busy === `toggle-${s.source}`}
        onChange={(on) => void toggle(s.source, on)}
        aria-label={t(`dataSource.name.${s.source}`)}
      />
    </li>
  );

  return (
    <div className="ds-page" data-testid="data-source-page">
      {header}
      <div className="ds-body">
        <h2 className="ds-heading">{t('dataSource.system')}</h2>
        <ul className="ds-list">{system.map(row)}</ul>
        <p className="ds-note" data-testid="system-networks" data-networks={networks.join(',')}>
          {t('dataSource.desc.system', { networks: networks.map((n) => t(`network.name.${n}`)).join(', ') })}
        </p>

        {isAdmin && <SourceHealth />}

        <h2 className="ds-heading">{t('dataSource.custom')}</h2>
        <p className="ds-note">{t('dataSource.customHint')}</p>
        <ul className="ds-list">{custom.map(row)}</ul>

        <section className="ds-card ds-privacy" data-testid="privacy-notes">
          <h2 className="ds-card__title">{t('dataSource.privacyTitle')}</h2>
          <ul>
            {PRIVACY_NOTES.map((key) => (
              <li key={key}>{t(`dataSource.privacy.${key}`)}</li>
            ))}
          </ul>
        </section>

        {(anyCustomOn || ds.state.forwarding.hasToken) && (
          <ForwardingCard
            forwarding={ds.state.forwarding}
            shownToken={ds.shownToken}
            busy={ds.busy}
            rotate={ds.rotate}
            revoke={ds.revoke}
          />
        )}
      </div>
    </div>
  );
}
