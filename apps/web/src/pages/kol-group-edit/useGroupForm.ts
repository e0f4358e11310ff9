import { kolGroupCalls } from '@kolscope/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { toastError, toastSuccess } from '../../features/toast';
import { useLoadWithRetry } from '../../features/view-form/useLoadWithRetry';
import { kolGroupsStore, reloadKolGroups, useKolGroups } from '../../state/kolGroups';
import { type DefaultRole, defaultRoles } from '../kol-management/format';
import { canSave, EMPTY_FORM, fromGroup, type GroupForm, toPayload } from './form';

export type Picking = 'white' | 'black' | null;

/**
 * State of /kol-management/create[/:groupId]: the edit mode loads kol_group/info and goes back
 * to the list if it fails (spec section 4); save adds or updates and returns to the list.
 */
export function useGroupForm(groupId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = groupId !== undefined;
  const [form, setForm] = useState<GroupForm>(EMPTY_FORM);
  const [isDefault, setIsDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState<Picking>(null);
  const { list } = useKolGroups();

  const { loadState } = useLoadWithRetry(
    groupId,
    (id) => api(kolGroupCalls.info, { groupId: id }),
    (group) => {
      setForm(fromGroup(group));
      setIsDefault(Boolean(group.isDefault));
    },
    () => navigate('/kol-management', { replace: true }),
  );

  useEffect(() => {
    // A default's role (which one it is) comes from its place in the list: load it if needed.
    if (groupId && !kolGroupsStore.getState().loaded) void reloadKolGroups();
  }, [groupId]);

  const role: DefaultRole | undefined = useMemo(
    () => (isDefault && groupId ? defaultRoles(list).get(groupId) : undefined),
    [isDefault, groupId, list],
  );

  const save = async () => {
    if (!canSave(form, saving)) return;
    const id = groupId?.trim();
    if (editing && !id) {
      // Spec section 5: an edit without a group id says so and saves nothing.
      toastError(null, t('kol.form.commonError'));
      return;
    }
    setSaving(true);
    try {
      const payload = toPayload(form);
      if (id) await api(kolGroupCalls.update, { ...payload, groupId: id });
      else await api(kolGroupCalls.add, payload);
      toastSuccess(t('kol.form.saved'));
      void reloadKolGroups();
      navigate('/kol-management', { replace: true });
    } catch (err) {
      toastError(err, t('kol.form.commonError'));
      setSaving(false);
    }
  };

  return {
    editing,
    form,
    setForm,
    isDefault,
    role,
    loadState,
    saving,
    canSave: canSave(form, saving),
    picking,
    setPicking,
    save,
  };
}
