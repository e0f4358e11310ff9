import { UpOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The floating 'New items, tap to view' pill with the waiting count (spec section 2). */
export function NewItemsTip({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="feed-tip" data-testid="new-items-tip" data-count={count} onClick={onClick}>
      <UpOutline className="feed-tip__icon" />
      <span>{t('feed.newItems')}</span>
      <span className="feed-tip__count">{t('feed.newItemsCount', { count })}</span>
    </button>
  );
}
