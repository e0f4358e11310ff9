import type { TwitterUser } from '@kolscope/contract';
import { Avatar, Segmented } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListFooter } from '../query/PagedScroll';
import { formatFollowersFor } from './format';
import { PickedChips } from './PickedChips';
import { PickerLayout, PickerPopup, type PickerProps } from './PickerPopup';
import { PickerStatus } from './PickerStatus';
import { SearchField } from './SearchField';
import { type UserPickerMode, useUserSearch } from './useUserSearch';
import { imageSrc } from '../../api/imageSrc';
import { PickButton } from './PickButton';

export type { UserPickerMode };

/** A picked account: what a rule or a list needs to show it again without another search. */
export interface PickedUser {
  id: string;
  username: string;
  name?: string | undefined;
  icon?: string | undefined;
}

interface Props extends PickerProps<PickedUser, PickedUser> {
  mode: UserPickerMode;
  title?: string;
  /**
   * Offers the user / KOL switch (spec: "mode user or KOL"); `mode` is then the starting one.
   * Picks are kept across switches, and each mode keeps its own search history.
   */
  modeSwitch?: boolean;
}

const MODES: readonly UserPickerMode[] = ['kol', 'user'];

/** Multi-select author picker with search and infinite scroll (spec section 2, Feed setting). */
export function UserPicker(props: Props) {
  return (
    <PickerPopup visible={props.visible} onClose={props.onClose}>
      <UserPickerContent {...props} />
    </PickerPopup>
  );
}

function toPicked(u: TwitterUser): PickedUser {
  return { id: u.id, username: u.username, name: u.name, icon: u.icon };
}

function UserPickerContent({ mode: initialMode, value, onClose, onConfirm, title, modeSwitch }: Props) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<UserPickerMode>(initialMode);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<PickedUser[]>(() => [...value]);
  const result = useUserSearch(mode, query, t('picker.fetchUsersFailed'));
  const isPicked = (id: string) => picked.some((p) => p.id === id);

  const toggle = (user: PickedUser) =>
    setPicked((prev) => (prev.some((p) => p.id === user.id) ? prev.filter((p) => p.id !== user.id) : [...prev, user]));

  const confirm = () => {
    onConfirm(picked);
    onClose();
  };

  return (
    <PickerLayout
      title={title ?? t(modeSwitch || mode === 'user' ? 'picker.userTitle' : 'picker.kolTitle')}
      onClose={onClose}
      onConfirm={confirm}
      count={picked.length}
      top={
        <>
          {modeSwitch && (
            <div className="picker__modes">
              <Segmented
                block
                data-testid="picker-mode"
                value={mode}
                onChange={(v) => setMode(v as UserPickerMode)}
                options={MODES.map((m) => ({
                  value: m,
                  label: <span data-testid={`picker-mode-${m}`}>{t(`picker.mode.${m}`)}</span>,
                }))}
              />
            </div>
          )}
          <SearchField kind={mode} value={query} onChange={setQuery} placeholder={t('picker.userSearch')} />
          <PickedChips
            items={picked.map((p) => ({ id: p.id, label: p.name || `@${p.username}` }))}
            onRemove={(id) => setPicked((prev) => prev.filter((p) => p.id !== id))}
          />
        </>
      }
    >
      <PickerStatus
        loading={result.loading}
        error={result.error}
        empty={result.items.length === 0}
        onRetry={result.retry}
      />
      {!result.error &&
        result.items.map((user) => {
          const on = isPicked(user.id);
          return (
            <PickButton key={user.id} id={user.id} on={on} variant="row" onClick={() => toggle(toPicked(user))}>
              <Avatar src={imageSrc(user.icon)} className="picker__avatar" />
              <span className="picker__row-text">
                <span className="picker__row-title">{user.name || user.username}</span>
                <span className="picker__row-sub">
                  @{user.username} ·{' '}
                  {t('picker.followers', { n: formatFollowersFor(user.followersCount, i18n.language) })}
                </span>
              </span>
              <CheckCircleFill className="picker__check" aria-hidden="true" />
            </PickButton>
          );
        })}
      <PagedListFooter
        list={result}
        text={{ failed: t('picker.networkError'), retry: t('picker.retry'), end: t('picker.noMore') }}
        testIds={{ retry: 'picker-retry' }}
      />
    </PickerLayout>
  );
}
