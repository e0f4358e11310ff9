import { type CustomSource, notificationCalls, type NotificationSource } from '@kolscope/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import type { KeywordItem } from '../../features/filters/filters';
import { subscribeThisBrowser } from '../../features/push/push';
import type { TimeValue } from '../../features/report/timeField';
import { toastInfo } from '../../features/toast';
import { useFieldErrors } from '../../features/view-form/useFieldErrors';
import { useViewForm } from '../../features/view-form/useViewForm';
import {
  defaultFields,
  fieldsFromInfo,
  NOTIFICATION_FIELDS,
  type NotificationErrors,
  type NotificationFields,
  toggleSource,
  validateNotification,
} from './notificationForm';

/**
 * State and actions of the notification form: the view to edit (view/info), the fields, which
 * custom sources are on in /data-source (so the form can say when a chosen one is off), the push
 * switch (which asks this browser's permission and subscribes it) and save (spec sections 4, 5).
 */
export function useNotificationForm(viewId: string | undefined) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<NotificationFields>(defaultFields);
  const { errors, clear, errorText, accept } = useFieldErrors<NotificationErrors>(NOTIFICATION_FIELDS, (_, error) => {
    if (error === 'titleRequired' || error === 'filtersRequired') return t(`feedSetting.${error}`);
    if (error === 'sourcesRequired') return t('notifySetting.sourcesRequired');
    return t(`reportSetting.${error}`, { max: t('reportSetting.max.updateFreq') });
  });
  const [customOn, setCustomOn] = useState<CustomSource[] | null>(null);
  const [subscribing, setSubscribing] = useState(false);

  const { persist, ...shell } = useViewForm(viewId, 'notification', (info) => setFields(fieldsFromInfo(info)));

  useEffect(() => {
    // Only a hint: without it the form still works.
    api(notificationCalls.dataSourceList).then(
      (state) => setCustomOn(state.sources.filter((s) => s.enabled && !s.system).map((s) => s.source as CustomSource)),
      () => undefined,
    );
  }, []);

  const setName = (name: string) => {
    setFields((f) => ({ ...f, name }));
    if (name.trim()) clear('name');
  };
  const setKeywords = (keywords: KeywordItem[]) => {
    setFields((f) => ({ ...f, keywords }));
    if (keywords.some((k) => k.text.trim())) clear('keywords');
  };
  const toggle = (source: NotificationSource) => {
    setFields((f) => ({ ...f, sources: toggleSource(f.sources, source) }));
    clear('sources');
  };
  const setUpdateFreq = (updateFreq: TimeValue) => {
    setFields((f) => ({ ...f, updateFreq }));
    clear('updateFreq');
  };

  /** Turning push on needs this browser's permission and subscription first. */
  const setPush = async (on: boolean) => {
    if (!on) return setFields((f) => ({ ...f, notificationEnabled: false }));
    setSubscribing(true);
    const outcome = await subscribeThisBrowser();
    setSubscribing(false);
    if (outcome === 'subscribed') return setFields((f) => ({ ...f, notificationEnabled: true }));
    toastInfo(
      t(
        outcome === 'denied'
          ? 'notifySetting.pushDenied'
          : outcome === 'unsupported'
            ? 'notifySetting.pushUnsupported'
            : 'notifySetting.pushFailed',
      ),
    );
  };

  const save = async () => {
    const payload = accept(validateNotification(fields));
    if (payload) await persist(payload);
  };

  return {
    ...shell,
    fields,
    setName,
    setKeywords,
    toggle,
    setUpdateFreq,
    setPush,
    subscribing,
    customOn,
    errors,
    errorText,
    save,
  };
}
