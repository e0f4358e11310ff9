/**
 * The KOL group form (spec sections 2 and 5) as plain data: what the screen holds, when it may
 * be saved, and the payload of kol_group/add and kol_group/update.
 */
import { GROUP_NAME_MAX_LENGTH, type KolGroup, normaliseFansRange, uniqueIds } from '@kolscope/contract';
import type { PickedUser } from '../../features/pickers/UserPicker';

export interface GroupForm {
  name: string;
  min: number;
  max: number;
  white: PickedUser[];
  black: PickedUser[];
}

export const EMPTY_FORM: GroupForm = { name: '', min: 0, max: 0, white: [], black: [] };

export interface GroupPayload {
  name: string;
  twitterUserFans: [number, number];
  whiteTwitterUserIds: string[];
  blackTwitterUserIds: string[];
}

/** Save waits for a name: blank after trimming counts as none. */
export function canSave(form: Pick<GroupForm, 'name'>, saving: boolean): boolean {
  const name = form.name.trim();
  return !saving && name.length > 0 && name.length <= GROUP_NAME_MAX_LENGTH;
}

/** Trimmed name, the range normalised (missing = 0, reversed bounds swapped), ids unique. */
export function toPayload(form: GroupForm): GroupPayload {
  return {
    name: form.name.trim(),
    twitterUserFans: normaliseFansRange([form.min, form.max]),
    whiteTwitterUserIds: uniqueIds(form.white.map((u) => u.id)),
    blackTwitterUserIds: uniqueIds(form.black.map((u) => u.id)),
  };
}

/** What kol_group/info answered, as the form shows it. */
export function fromGroup(group: KolGroup): GroupForm {
  const [min, max] = normaliseFansRange(group.twitterUserFans);
  const picked = (users: KolGroup['whiteTwitterUsers']): PickedUser[] =>
    users.map((u) => ({ id: u.id, username: u.username, name: u.name, icon: u.icon }));
  return { name: group.name, min, max, white: picked(group.whiteTwitterUsers), black: picked(group.blackTwitterUsers) };
}

/** A picker's answer replaces the list, without repeats and keeping the first of each id. */
export function mergePicked(users: readonly PickedUser[]): PickedUser[] {
  const seen = new Set<string>();
  return users.filter((u) => {
    const id = u.id.trim();
    if (!id || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
