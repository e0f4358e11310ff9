import type { ViewType } from '@kolscope/contract';
import { TAB_ICONS } from '../home/viewMeta';

/** The same icon as the view's tab on home, so a row is recognisable from its tab. */
export function ViewTypeIcon({ viewType }: { viewType: ViewType }) {
  const Icon = TAB_ICONS[viewType];
  return (
    <span className={`nav-row__icon nav-row__icon--${viewType}`} aria-hidden="true">
      <Icon />
    </span>
  );
}
