import { viewCalls } from '@kolscope/contract';
import { Button, Dialog } from 'antd-mobile';
import { UndoOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { toastError, toastInfo, toastSuccess } from '../../features/toast';
import { reloadViews } from '../../state/views';
import type { DefaultView } from './order';

/**
 * Shown while a built-in view (Hot Coins, All KOLs) is missing: deleting one is otherwise final.
 * After a confirm, view/restore_defaults makes the missing ones again and the list reloads.
 */
export function RestoreDefaults({ missing }: { missing: DefaultView[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const names = missing.map((m) => t(`nav.defaults.${m}`)).join(t('nav.defaults.separator'));

  const restore = async () => {
    const ok = await Dialog.confirm({
      title: t('nav.defaults.confirm'),
      content: t('nav.defaults.confirmBody', { names }),
      confirmText: <span data-testid="nav-restore-confirm">{t('nav.defaults.restore')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { restored } = await api(viewCalls.restoreDefaults, {});
      // Another tab may have restored them already: say so rather than claim a change.
      if (restored.length === 0) toastInfo(t('nav.defaults.nothing'));
      else toastSuccess(t('nav.defaults.restored'));
      await reloadViews();
    } catch (err) {
      toastError(err, t('nav.defaults.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="nav-restore" data-testid="nav-restore">
      <p className="nav-restore__text">{t('nav.defaults.missing', { names })}</p>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        fill="outline"
        loading={busy}
        data-testid="nav-restore-defaults"
        onClick={() => void restore()}
      >
        <UndoOutline /> {t('nav.defaults.restore')}
      </Button>
    </section>
  );
}
