import { Dialog } from 'antd-mobile';
import i18next from 'i18next';

/**
 * Asks before a destructive action (delete, revoke): a confirm dialog whose confirm button is in
 * the danger colour and carries `testId`, and Cancel. Resolves whether the user confirmed.
 */
export function confirmDanger({
  title,
  content,
  confirm,
  testId,
}: {
  title: string;
  content: string;
  confirm: string;
  testId: string;
}): Promise<boolean> {
  return Dialog.confirm({
    title,
    content,
    confirmText: (
      <span data-testid={testId} style={{ color: 'var(--ks-danger)' }}>
        {confirm}
      </span>
    ),
    cancelText: i18next.t('common.cancel'),
  });
}
