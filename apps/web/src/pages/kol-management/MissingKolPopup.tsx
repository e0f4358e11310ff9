import { kolGroupCalls, stripAt } from '@kolscope/contract';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { TextField } from '../../features/TextField';
import { toastError, toastSuccess } from '../../features/toast';

interface Props {
  visible: boolean;
  onClose: () => void;
}

/** Missing-KOL submission (spec sections 2 and 5): a username, required, sent without its @. */
export function MissingKolPopup({ visible, onClose }: Props) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const close = () => {
    setUsername('');
    setError(undefined);
    onClose();
  };

  const submit = async () => {
    const twitterUserName = stripAt(username);
    if (!twitterUserName) {
      setError(t('kol.missing.required'));
      return;
    }
    setSending(true);
    try {
      await api(kolGroupCalls.addUnlistedTwitterUser, { twitterUserName });
      toastSuccess(t('kol.missing.submitted'));
      close();
    } catch (err) {
      toastError(err, t('kol.missing.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="kol-missing">
      <div className="kol-missing__head">
        <span className="kol-missing__title">{t('kol.missing.title')}</span>
        <button type="button" className="ks-icon-button" aria-label={t('common.cancel')} onClick={close}>
          <CloseOutline />
        </button>
      </div>
      <form
        className="kol-missing__body"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('kol.missing.label')}
          testId="kol-missing-input"
          value={username}
          onChange={(v) => {
            setUsername(v);
            setError(undefined);
          }}
          error={error}
          placeholder={t('kol.missing.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          maxLength={51}
        />
        <p className="kol-missing__hint">{t('kol.missing.hint')}</p>
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          data-testid="kol-missing-submit"
          loading={sending}
          disabled={sending}
        >
          {t('kol.missing.submit')}
        </Button>
      </form>
    </Popup>
  );
}
