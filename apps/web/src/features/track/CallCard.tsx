import type { TrackCall } from '@kolscope/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { CoinLink } from '../coin/CoinLink';
import { PostText } from '../post-card/PostText';
import { RelativeTime } from '../post-card/RelativeTime';
import { formatPrice } from '../prices/priceFormat';
import { sureness } from '../sentiment/confidence';
import { formatPercent } from './format';
import { Return } from './Return';
import { Sparkline } from './Sparkline';

/** One call: coin and stance, the post (collapsed), entry price, the return at every horizon, the path. */
export const CallCard = memo(function CallCard({ call }: { call: TrackCall }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="track-call" data-testid="track-call" data-coin={call.coin}>
      <header className="track-call__head">
        {/* The call's coin opens its page (issue 29: every place a coin is shown). */}
        <CoinLink coin={call.coin} className="track-call__coin-link" testId="call-coin">
          <img
            className="track-call__icon"
            src={imageSrc(call.coinIcon)}
            alt=""
            width={24}
            height={24}
            loading="lazy"
          />
          <span className="track-call__coin">${call.coin}</span>
        </CoinLink>
        <span className={`track-chip track-chip--${call.stance}`} data-testid="call-stance">
          {t(`post.sentiment.${call.stance}`)}
        </span>
        {call.confidence !== null && (
          <span className="track-call__sure" data-testid="call-confidence">
            {t('track.callSure', {
              word: t(`sentiment.sure.${sureness(call.confidence, true)}`),
              percent: formatPercent(call.confidence, i18n.language),
            })}
          </span>
        )}
        <span className="track-call__time">
          <RelativeTime ct={call.ct} />
        </span>
      </header>
      <PostText text={call.text} />
      <div className="track-call__market">
        <div className="track-call__entry">
          <span className="track-call__label">{t('track.entry')}</span>
          <span className="track-call__price" data-testid="call-entry-price">
            {call.entryPrice === null ? t('track.noEntry') : formatPrice(call.entryPrice, true)}
          </span>
        </div>
        <Sparkline call={call} label={t('track.pathLabel', { coin: call.coin })} />
      </div>
      <p className="track-call__caption">{t('track.excessByHorizon')}</p>
      <dl className="track-call__returns">
        {call.returns.map((r) => (
          <div key={r.horizon} className="track-call__return">
            <dt>{t(`track.horizons.${r.horizon}`)}</dt>
            <dd>
              <Return value={r.excess} testId={`call-return-${r.horizon}`} />
              {r.hit !== null && (
                <span
                  className={`track-call__verdict track-call__verdict--${r.hit ? 'hit' : 'miss'}`}
                  data-testid={`call-verdict-${r.horizon}`}
                  title={t(r.hit ? 'track.hit' : 'track.miss')}
                >
                  {r.hit ? '✓' : '✗'}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
});
