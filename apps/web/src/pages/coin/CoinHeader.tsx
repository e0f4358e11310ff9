import type { CoinOverview } from '@kolscope/contract';
import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { imageSrc } from '../../api/imageSrc';
import { PriceChange } from '../../features/prices/PriceChange';
import { trackGroupId } from './coinPage';
import { useTrackCoin } from './useCoin';

/** "Track this coin", or, once a coin opinion view of it exists, a way to it. */
function TrackButton({ overview }: { overview: CoinOverview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = trackGroupId(overview.groups);
  const { trackedViewId, busy, track } = useTrackCoin(overview.coin, groupId, overview.trackedViewId);
  if (trackedViewId) {
    return (
      <Button
        size="small"
        fill="outline"
        color="primary"
        className="coin-head__track"
        data-testid="coin-tracked"
        data-view-id={trackedViewId}
        onClick={() => navigate(`/view-detail/${encodeURIComponent(trackedViewId)}`)}
      >
        <CheckCircleOutline /> {t('coin.tracked')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      color="primary"
      className="coin-head__track"
      data-testid="coin-track"
      loading={busy}
      onClick={() => void track()}
    >
      {t('coin.track')}
    </Button>
  );
}

/** Icon, name and symbol; the last price and its 24 h change in the reader's up/down colours. */
export function CoinHeader({ overview }: { overview: CoinOverview }) {
  const { t } = useTranslation();
  const known = overview.price !== undefined;
  return (
    <section className="coin-head" data-testid="coin-header">
      <div className="coin-head__top">
        <img className="coin-head__icon" src={imageSrc(overview.icon)} alt="" width={40} height={40} />
        <div className="coin-head__who">
          <h1 className="coin-head__name" data-testid="coin-name">
            {overview.name}
          </h1>
          <span className="coin-head__symbol">{overview.coin}</span>
        </div>
        <TrackButton overview={overview} />
      </div>
      <div className="coin-head__price">
        {known ? (
          <PriceChange price={overview.price} change24h={overview.change24h} testId="coin-price" />
        ) : (
          <span className="coin-head__none" data-testid="coin-price">
            {t('coin.noPrice')}
          </span>
        )}
        {known && <span className="coin-head__window">{t('coin.change24h')}</span>}
      </div>
    </section>
  );
}
