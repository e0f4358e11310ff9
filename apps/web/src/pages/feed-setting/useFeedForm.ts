import { type MatchingRule, type RuleType, view } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { toastError, toastInfo, toastSuccess } from '../../features/toast';
import { useGoBack } from '../../features/useGoBack';
import { viewCreated } from '../../state/views';
import {
  createdViewId,
  type FilterGroup,
  findGroup,
  groupsFromRules,
  isPickedType,
  localKey,
  newGroup,
  type PickedType,
  setPickedRules,
  validateFeed,
} from './filters';

export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * State and actions of the feed form: the view to edit (view/info), title and filter groups,
 * which picker is open, which input should take focus, and save (spec sections 4 and 5).
 */
export function useFeedForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [loadState, setLoadState] = useState<LoadState>(viewId ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [groups, setGroups] = useState<FilterGroup[]>([]);
  const [picker, setPicker] = useState<PickedType | null>(null);
  /** Bumped to move the focus into the fans card's minimum input. */
  const [fansFocus, setFansFocus] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!viewId) return;
    let live = true;
    void attempt; // Only re-runs the load on retry.
    setLoadState('loading');
    api(view.info, { viewId }).then(
      (info) => {
        if (!live) return;
        // No info back means nothing to edit: the same retry message as a failed call.
        if (!info) return setLoadState('failed');
        setTitle(info.name);
        setGroups(groupsFromRules(info.matchingRules));
        setLoadState('ready');
      },
      () => live && setLoadState('failed'),
    );
    return () => {
      live = false;
    };
  }, [viewId, attempt]);

  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);

  const changeTitle = (value: string) => {
    setTitle(value);
    if (titleError && value.trim()) setTitleError(undefined);
  };

  /** The add-filter sheet's choice: pickers open, a keyword starts empty, fans focuses its minimum. */
  const addFilter = (type: RuleType) => {
    if (isPickedType(type)) return setPicker(type);
    if (type === 'keywords') {
      setGroups((prev) => {
        const card = findGroup(prev, 'keywords') ?? newGroup('keywords');
        if (card.type !== 'keywords') return prev;
        const next = { ...card, keywords: [...card.keywords, { key: localKey('kw'), text: '', editing: true }] };
        return prev.includes(card) ? prev.map((g) => (g === card ? next : g)) : [...prev, next];
      });
      return;
    }
    setGroups((prev) => (findGroup(prev, 'fans') ? prev : [...prev, newGroup('fans')]));
    setFansFocus((n) => n + 1);
  };

  const updateGroup = (key: string, next: FilterGroup) =>
    setGroups((prev) => prev.map((g) => (g.key === key ? next : g)));

  const removeGroup = (key: string) => setGroups((prev) => prev.filter((g) => g.key !== key));

  const confirmPicked = (type: PickedType, rules: MatchingRule[]) =>
    setGroups((prev) => setPickedRules(prev, type, rules));

  const save = async () => {
    const checked = validateFeed(title, groups);
    if ('error' in checked) {
      const message = t(`feedSetting.${checked.error}`);
      if (checked.error === 'titleRequired') setTitleError(message);
      toastInfo(message);
      return;
    }
    setSaving(true);
    try {
      if (viewId) {
        await api(view.update, { viewId, viewType: 'content_feed', ...checked });
        toastSuccess(t('feedSetting.updated'));
        goBack();
      } else {
        const list = await api(view.add, { viewType: 'content_feed', ...checked });
        const created = createdViewId(list);
        if (created) await viewCreated(created, list);
        toastSuccess(t('feedSetting.created'));
        navigate(created ? `/?viewId=${encodeURIComponent(created)}` : '/', { replace: true });
      }
    } catch (error) {
      toastError(error, t(viewId ? 'feedSetting.updateFailed' : 'feedSetting.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  return {
    loadState,
    retryLoad,
    title,
    titleError,
    changeTitle,
    groups,
    addFilter,
    updateGroup,
    removeGroup,
    picker,
    setPicker,
    confirmPicked,
    fansFocus,
    saving,
    save,
  };
}
