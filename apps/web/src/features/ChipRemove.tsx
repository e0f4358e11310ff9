import { CloseOutline } from 'antd-mobile-icons';
import type { ComponentProps } from 'react';
import { IconButton } from './IconButton';

/** The × at the end of a pill-shaped tag (a filter tag, a KOL chip); `label` says what it removes. */
export function ChipRemove(props: Omit<ComponentProps<typeof IconButton>, 'look' | 'children' | 'disabled'>) {
  return (
    <IconButton {...props} look="chip">
      <CloseOutline />
    </IconButton>
  );
}
