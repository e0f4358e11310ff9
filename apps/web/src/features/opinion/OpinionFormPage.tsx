import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AlertRulesCard } from '../alerts/AlertRulesCard';
import { ViewFormPage } from '../view-form/ViewFormPage';
import { KolGroupField } from './KolGroupField';
import type { useOpinionForm } from './useOpinionForm';

const TITLES = {
  coin: { create: 'opinion.coinCreateTitle', edit: 'opinion.coinEditTitle' },
  event: { create: 'opinion.eventCreateTitle', edit: 'opinion.eventEditTitle' },
} as const;

/**
 * The shell of the coin and event opinion forms (spec section 2): the form shows at once, its
 * fields disabled while the view loads, and ends with the KOL group field.
 */
export function OpinionFormPage({
  kind,
  opinion,
  save,
  popups,
  children,
}: {
  kind: 'coin' | 'event';
  opinion: ReturnType<typeof useOpinionForm>;
  /** The page's save: it checks its own fields, then runs `opinion.run`. */
  save: () => void;
  popups?: ReactNode;
  /** The kind's own fields, above the KOL group. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titles = TITLES[kind];
  // The view being edited (both opinion pages are /<kind>-opinion-setting/:id): its alerts below.
  const { id } = useParams();
  return (
    <ViewFormPage
      title={t(opinion.state.editing ? titles.edit : titles.create)}
      form={{ ...opinion.state, save }}
      testIds={{ state: `${kind}-setting`, save: 'opinion-save', page: `${kind}-setting` }}
      whileLoading="form"
      popups={popups}
    >
      {children}
      <KolGroupField
        value={opinion.kolGroupId}
        onChange={opinion.setKolGroupId}
        groups={opinion.groups}
        disabled={opinion.loading}
      />
      <AlertRulesCard viewId={id} />
    </ViewFormPage>
  );
}
