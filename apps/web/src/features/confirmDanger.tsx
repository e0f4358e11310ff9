import { Dialog } from 'antd-mobile';
import i18next from 'i18next';

export interface DangerQuestion {
  title: string;
  content: string;
  /** The confirm button's text. */
  confirm: string;
  /** The confirm button's test id. */
  testId: string;
}

/**
 * The question before deleting a named record, in the words every delete dialog uses:
 * `<keys>.confirmDelete`, `<keys>.confirmDeleteBody` (with {{name}}) and `<keys>.delete`.
 */
export function deleteQuestion(keys: 'kol' | 'nav' | 'viewDetail', name: string, testId: string): DangerQuestion {
  return {
    title: i18next.t(`${keys}.confirmDelete`),
    content: i18next.t(`${keys}.confirmDeleteBody`, { name }),
    confirm: i18next.t(`${keys}.delete`),
    testId,
  };
}

/**
 * Asks before a destructive action (delete, revoke): a confirm dialog whose confirm button is in
 * the danger colour and carries `testId`, and Cancel. Resolves whether the user confirmed.
 */
export function confirmDanger({ title, content, confirm, testId }: DangerQuestion): Promise<boolean> {
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
