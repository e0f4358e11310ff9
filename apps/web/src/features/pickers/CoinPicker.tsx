import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickedChips } from './PickedChips';
import { PickerLayout, PickerPopup, type PickerProps } from './PickerPopup';
import { PickerStatus } from './PickerStatus';
import { SearchField } from './SearchField';
import { useCoinSearch } from './useCoinSearch';
import { imageSrc } from '../../api/imageSrc';
import { PickButton } from './PickButton';
import { toastInfo } from '../toast';

export type PickedCoin = { coin: string; name?: string; icon?: string };

/** `value` holds symbols (without '$'); callers that need one coin take the first confirmed. */
interface Props extends PickerProps<string, PickedCoin> {
  title?: string;
  /** At most this many may be picked; a further pick is refused with `tooMany` in a toast. */
  max?: number;
  tooMany?: string;
}

/** Multi-select coin picker with search (spec section 2, Feed setting). */
export function CoinPicker(props: Props) {
  return (
    <PickerPopup visible={props.visible} onClose={props.onClose}>
      <CoinPickerContent {...props} />
    </PickerPopup>
  );
}

function CoinPickerContent({ value, onClose, onConfirm, title, max, tooMany }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<PickedCoin[]>(() => value.map((coin) => ({ coin })));
  const result = useCoinSearch(query, t('picker.fetchCoinsFailed'));
  const items = result.items;
  const isPicked = (coin: string) => picked.some((p) => p.coin === coin);

  // The whole item is kept so the caller gets names and icons even after the search moved on.
  const toggle = (item: PickedCoin) => {
    if (max !== undefined && picked.length >= max && !isPicked(item.coin)) {
      if (tooMany) toastInfo(tooMany);
      return;
    }
    setPicked((prev) =>
      prev.some((p) => p.coin === item.coin) ? prev.filter((p) => p.coin !== item.coin) : [...prev, item],
    );
  };

  const confirm = () => {
    onConfirm(picked);
    onClose();
  };

  return (
    <PickerLayout
      title={title ?? t('picker.coinTitle')}
      onClose={onClose}
      onConfirm={confirm}
      count={picked.length}
      top={
        <>
          <SearchField kind="coin" value={query} onChange={setQuery} placeholder={t('picker.coinSearch')} />
          <PickedChips
            items={picked.map((p) => ({ id: p.coin, label: p.coin }))}
            onRemove={(coin) => toggle({ coin })}
          />
        </>
      }
    >
      <PickerStatus loading={result.loading} error={result.error} empty={items.length === 0} onRetry={result.retry} />
      {!result.error &&
        items.map((item) => {
          const on = isPicked(item.coin);
          return (
            <PickButton key={item.coin} id={item.coin} on={on} variant="row" onClick={() => toggle(item)}>
              <img
                className="picker__coin-icon"
                src={imageSrc(item.icon)}
                alt=""
                loading="lazy"
                width={32}
                height={32}
              />
              <span className="picker__row-text">
                <span className="picker__row-title">{item.coin}</span>
                <span className="picker__row-sub">{item.name}</span>
              </span>
              <CheckCircleFill className="picker__check" aria-hidden="true" />
            </PickButton>
          );
        })}
    </PickerLayout>
  );
}
