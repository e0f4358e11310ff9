import type { ReactNode } from 'react';

interface Props {
  /** The item's id: tests find it as `picker-item-{id}`. */
  id: string;
  on: boolean;
  /** A full-width row (coins, KOLs) or a chip (categories). */
  variant: 'row' | 'chip';
  onClick: () => void;
  children: ReactNode;
}

/** One pickable item of a picker: a toggle button that says whether it is picked. */
export function PickButton({ id, on, variant, onClick, children }: Props) {
  return (
    <button
      type="button"
      aria-pressed={on}
      data-testid={`picker-item-${id}`}
      className={`${variant === 'row' ? 'ks-list-row ' : ''}picker__${variant}${on ? ` picker__${variant}--on` : ''}`}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
