import type { ViewListItem } from '@kolscope/contract';
import { Button } from 'antd-mobile';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OpinionSummary } from '../../features/opinion/OpinionSummary';
import { coinIconUrl } from '../../features/opinion/opinionForm';
import { PriceChange } from '../../features/prices/PriceChange';
import { TAB_ICONS } from './viewMeta';

const CREATE_ROUTES = { coin_opinion: '/coin-opinion-setting', event_opinion: '/event-opinion-setting' } as const;

/** The coin or event opinion group: its sub-views; picking one opens /view-detail/{viewId}. */
export function GroupSubList({ group, selected }: { group: ViewListItem; selected: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = group.viewType === 'event_opinion' ? 'event_opinion' : 'coin_opinion';
  const Icon = TAB_ICONS[type];
  const create = () => navigate(CREATE_ROUTES[type]);

  if (group.subs.length === 0) {
    return (
      <div className="home-group home-group--empty" data-testid="group-empty">
        <Icon className="home-group__art" />
        <h2>{t(`tabs.group.${type}.emptyTitle`)}</h2>
        <p>{t(`tabs.group.${type}.emptyBody`)}</p>
        <Button color="primary" shape="rounded" onClick={create} data-testid="group-add">
          {t(`tabs.group.${type}.add`)}
        </Button>
      </div>
    );
  }

  return (
    <div className="home-group" data-testid="group-list">
      <p className="home-group__hint">{t(`tabs.group.${type}.hint`)}</p>
      <ul className="home-group__list">
        {group.subs.map((sub) => (
          <li key={sub.viewId}>
            <button
              type="button"
              className={`ks-list-row home-group__row${sub.viewId === selected ? ' home-group__row--selected' : ''}`}
              data-testid={`group-sub-${sub.viewId}`}
              onClick={() => navigate(`/view-detail/${encodeURIComponent(sub.viewId)}`)}
            >
              <span className="home-group__icon">
                {/* A coin opinion is named after its coin: show the coin's own icon. */}
                {type === 'coin_opinion' ? (
                  <img className="home-group__coin" src={coinIconUrl(sub.name)} alt="" width={28} height={28} />
                ) : (
                  <Icon />
                )}
              </span>
              <span className="home-group__text">
                <span className="home-group__title">
                  <span className="home-group__name">{sub.name}</span>
                  {/* Coin opinion rows: the coin's price and 24 h change beside its opinion (issue 16). */}
                  {type === 'coin_opinion' && (sub.price !== undefined || sub.change24h !== undefined) && (
                    <PriceChange price={sub.price} change24h={sub.change24h} testId={`group-sub-price-${sub.viewId}`} />
                  )}
                </span>
                <OpinionSummary sub={sub} testId={`group-sub-summary-${sub.viewId}`} />
              </span>
              <RightOutline className="home-group__chevron" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="home-group__add" onClick={create} data-testid="group-add">
        <AddOutline /> {t(`tabs.group.${type}.add`)}
      </button>
    </div>
  );
}
