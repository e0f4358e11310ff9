import type { KolGroup } from '@kolscope/contract';
import { DeleteOutline, EditSOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../features/IconButton';
import { type DefaultRole, formatCount, ruleSummary } from './format';

interface Props {
  group: KolGroup;
  role: DefaultRole | undefined;
  /** A delete is running: every delete button waits. */
  busy: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One group: name (and a default badge), member count and rule, then edit and, if allowed, delete. */
export function GroupRow({ group, role, busy, onOpen, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const rule = ruleSummary(group.twitterUserFans, role, i18n.language);
  const isDefault = Boolean(group.isDefault);
  return (
    <li className="kol-row" data-testid={`kol-group-${group.id}`} data-default={isDefault}>
      <button type="button" className="kol-row__main" onClick={onOpen}>
        <span className="kol-row__text">
          <span className="kol-row__name">
            <span className="kol-row__name-text">{group.name}</span>
            {isDefault && <span className="kol-row__badge">{t('kol.defaultBadge')}</span>}
          </span>
          <span className="kol-row__meta">
            <span data-testid="kol-group-count" data-count={group.kolCnt}>
              {t('kol.members', { count: group.kolCnt, n: formatCount(group.kolCnt, i18n.language) })}
            </span>
            <span aria-hidden="true"> · </span>
            <span data-testid="kol-group-rule">{rule.kind === 'range' ? rule.text : t(`kol.rule.${rule.kind}`)}</span>
          </span>
        </span>
        <RightOutline className="kol-row__arrow" aria-hidden="true" />
      </button>
      <IconButton
        className="kol-row__action"
        testId={`kol-edit-${group.id}`}
        label={`${t('kol.edit')}: ${group.name}`}
        onClick={onEdit}
      >
        <EditSOutline />
      </IconButton>
      {/* Defaults cannot be removed (spec section 6); the empty slot keeps the columns aligned. */}
      {isDefault ? (
        <span className="kol-row__slot" />
      ) : (
        <IconButton
          className="kol-row__action kol-row__action--danger"
          testId={`kol-delete-${group.id}`}
          label={`${t('kol.delete')}: ${group.name}`}
          disabled={busy}
          onClick={onDelete}
        >
          <DeleteOutline />
        </IconButton>
      )}
    </li>
  );
}
