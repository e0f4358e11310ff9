import { VIEW_TITLE_MAX } from '@kolscope/contract';
import type { ComponentProps } from 'react';
import { TextField } from '../TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'maxLength' | 'autoComplete'>;

/** A view's title (or name): the first field of every setting form, as long as the contract allows. */
export function TitleField(props: Props) {
  return <TextField {...props} maxLength={VIEW_TITLE_MAX} autoComplete="off" />;
}
