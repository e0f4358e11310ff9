import { viewCalls } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api';
import { imageSrc } from '../../api/imageSrc';
import { coinIconUrl, firstCoin, validateCoin } from '../../features/opinion/opinionForm';
import { OpinionFormPage } from '../../features/opinion/OpinionFormPage';
import { PickField } from '../../features/opinion/PickField';
import { useOpinionForm } from '../../features/opinion/useOpinionForm';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { toastInfo } from '../../features/toast';

/**
 * /coin-opinion-setting (create) and /coin-opinion-setting/:id (edit): a coin and a KOL group
 * (spec section 2, "Coin opinion setting").
 */
export default function CoinOpinionSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [coin, setCoin] = useState('');
  const [icon, setIcon] = useState<string | undefined>();
  const [coinError, setCoinError] = useState<string | undefined>();
  const [pickerOpen, setPickerOpen] = useState(false);
  const opinion = useOpinionForm(
    'coin_opinion',
    id,
    (viewId) => api(viewCalls.coinOpinionInfo, { viewId }),
    (info) => setCoin(info.coin),
  );
  const { kolGroupId, loading } = opinion;

  const save = () => {
    const checked = validateCoin(coin);
    if ('error' in checked) {
      const message = t('opinion.coinRequired');
      setCoinError(message);
      toastInfo(message);
      return;
    }
    void opinion.run(
      () => api(viewCalls.coinOpinionAdd, { coin: checked.coin, kolGroupId }),
      (viewId) => api(viewCalls.coinOpinionUpdate, { viewId, coin: checked.coin, kolGroupId }),
    );
  };

  const picker = (
    <CoinPicker
      visible={pickerOpen}
      title={t('opinion.coinPickerTitle')}
      value={coin ? [coin] : []}
      onClose={() => setPickerOpen(false)}
      onConfirm={(coins) => {
        // Only the first picked coin is taken (spec section 2).
        const next = firstCoin(coins);
        setCoin(next);
        setIcon(coins[0]?.icon);
        if (next) setCoinError(undefined);
      }}
    />
  );

  return (
    <OpinionFormPage kind="coin" opinion={opinion} save={save} popups={picker}>
      <PickField
        label={t('opinion.coin')}
        testId="coin-field"
        placeholder={t('opinion.coinPlaceholder')}
        value={
          coin && (
            <>
              <img className="pick-field__coin-icon" src={imageSrc(icon ?? coinIconUrl(coin))} alt="" />
              {coin}
            </>
          )
        }
        error={coinError}
        disabled={loading}
        onClick={() => setPickerOpen(true)}
      />
    </OpinionFormPage>
  );
}
