import { view } from '@kolscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KolGroupField } from '../../features/opinion/KolGroupField';
import { coinIconUrl, firstCoin, validateCoin } from '../../features/opinion/opinionForm';
import { PickField } from '../../features/opinion/PickField';
import { useKolGroupOptions } from '../../features/opinion/useKolGroupOptions';
import { useResolvedGroup } from '../../features/opinion/useOpinionForm';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { toastInfo } from '../../features/toast';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { useSaveAndNavigate } from '../../features/view-form/useSaveAndNavigate';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { api } from '../../api';
import { imageSrc } from '../../api/imageSrc';

/**
 * /coin-opinion-setting (create) and /coin-opinion-setting/:id (edit): a coin and a KOL group
 * (spec section 2, "Coin opinion setting").
 */
export default function CoinOpinionSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groups = useKolGroupOptions();
  const [coin, setCoin] = useState('');
  const [icon, setIcon] = useState<string | undefined>();
  const [kolGroupId, setKolGroupId] = useState('');
  const [coinError, setCoinError] = useState<string | undefined>();
  const [pickerOpen, setPickerOpen] = useState(false);
  const saver = useSaveAndNavigate(id, 'coin_opinion');

  const { loadState, retry } = useLoadWithRetry(
    id,
    (viewId) => api(view.coinOpinionInfo, { viewId }),
    (info) => {
      setCoin(info.coin);
      setKolGroupId(info.kolGroupId);
      // The group's name comes from the group list.
      if (info.kolGroupId) groups.ensure();
    },
  );
  useResolvedGroup(kolGroupId, groups, setKolGroupId);

  const loading = loadState === 'loading';

  const save = () => {
    const checked = validateCoin(coin);
    if ('error' in checked) {
      const message = t('opinion.coinRequired');
      setCoinError(message);
      toastInfo(message);
      return;
    }
    void saver.run(
      () => api(view.coinOpinionAdd, { coin: checked.coin, kolGroupId }),
      (viewId) => api(view.coinOpinionUpdate, { viewId, coin: checked.coin, kolGroupId }),
    );
  };

  return (
    <ViewFormPage
      title={t(id ? 'opinion.coinEditTitle' : 'opinion.coinCreateTitle')}
      editing={Boolean(id)}
      loadState={loadState}
      onRetry={retry}
      statePrefix="coin-setting"
      testId="coin-setting"
      whileLoading="form"
      save={{ testId: 'opinion-save', busy: saver.saving, onClick: save }}
      popups={
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
      }
    >
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
      <KolGroupField value={kolGroupId} onChange={setKolGroupId} groups={groups} disabled={loading} />
    </ViewFormPage>
  );
}
