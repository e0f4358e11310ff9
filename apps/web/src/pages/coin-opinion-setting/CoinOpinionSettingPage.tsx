import { viewCalls } from '@kolscope/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { KolGroupField } from '../../features/opinion/KolGroupField';
import { coinIconUrl, firstCoin, validateCoin } from '../../features/opinion/opinionForm';
import { PickField } from '../../features/opinion/PickField';
import { useKolGroupOptions } from '../../features/opinion/useKolGroupOptions';
import { useEditLoad, useOpinionSave, useResolvedGroup } from '../../features/opinion/useOpinionForm';
import { PageNavBar } from '../../features/PageNavBar';
import { CoinPicker } from '../../features/pickers/CoinPicker';
import { SettingFailed } from '../../features/report/SettingStates';
import { toastInfo } from '../../features/toast';
import { api } from '../../api';
import '../../features/report/setting-page.css';
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
  const saver = useOpinionSave('coin_opinion', id);

  const { loadState, retry } = useEditLoad(
    id,
    (viewId) => api(viewCalls.coinOpinionInfo, { viewId }),
    (info) => {
      setCoin(info.coin);
      setKolGroupId(info.kolGroupId);
      // The group's name comes from the group list.
      if (info.kolGroupId) groups.ensure();
    },
  );
  useResolvedGroup(kolGroupId, groups, setKolGroupId);

  const header = <PageNavBar title={t(id ? 'opinion.coinEditTitle' : 'opinion.coinCreateTitle')} />;
  if (loadState === 'failed') return <SettingFailed header={header} testId="coin-setting" onRetry={retry} />;
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
      () => api(viewCalls.coinOpinionAdd, { coin: checked.coin, kolGroupId }),
      (viewId) => api(viewCalls.coinOpinionUpdate, { viewId, coin: checked.coin, kolGroupId }),
    );
  };

  return (
    <div className="setting-page" data-testid="coin-setting" data-loading={loading}>
      {header}
      <div className="setting-form">
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
      </div>
      <footer className="ks-sticky-footer">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="opinion-save"
          loading={saver.saving || loading}
          disabled={saver.saving || loading}
          onClick={save}
        >
          {t(id ? 'opinion.update' : 'opinion.save')}
        </Button>
      </footer>
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
    </div>
  );
}
