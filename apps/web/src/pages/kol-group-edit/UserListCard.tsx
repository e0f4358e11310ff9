import { Avatar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ChipRemove } from '../../features/ChipRemove';
import type { PickedUser } from '../../features/pickers/UserPicker';
import { FormCard } from '../../features/view-form/FormCard';
import { imageSrc } from '../../api/imageSrc';

interface Props {
  kind: 'white' | 'black';
  users: PickedUser[];
  onAdd: () => void;
  onChange: (users: PickedUser[]) => void;
}

/** Whitelist or blacklist: removable chips and an add button that opens the author picker. */
export function UserListCard({ kind, users, onAdd, onChange }: Props) {
  const { t } = useTranslation();
  const title = t(kind === 'white' ? 'kol.form.whitelist' : 'kol.form.blacklist');
  return (
    <FormCard
      testId={`kol-${kind}-card`}
      title={title}
      hint={t(kind === 'white' ? 'kol.form.whitelistHint' : 'kol.form.blacklistHint')}
      className="kol-card"
      action={
        <button
          type="button"
          className="kol-card__add"
          data-testid={`kol-${kind}-add`}
          aria-label={`${t('kol.form.add')}: ${title}`}
          onClick={onAdd}
        >
          <AddOutline /> {t('kol.form.add')}
        </button>
      }
    >
      {users.length === 0 && <p className="kol-card__none">{t('kol.form.none')}</p>}
      {users.length > 0 && (
        <div className="kol-chips">
          {users.map((user) => {
            const label = user.name || `@${user.username}`;
            return (
              <span key={user.id} className={`kol-chip kol-chip--${kind}`} data-testid={`kol-${kind}-chip-${user.id}`}>
                <Avatar src={imageSrc(user.icon)} className="kol-chip__avatar" />
                <span className="kol-chip__text">{label}</span>
                <ChipRemove
                  testId={`kol-${kind}-remove-${user.id}`}
                  label={t('kol.form.remove', { name: label })}
                  onClick={() => onChange(users.filter((u) => u.id !== user.id))}
                />
              </span>
            );
          })}
        </div>
      )}
    </FormCard>
  );
}
