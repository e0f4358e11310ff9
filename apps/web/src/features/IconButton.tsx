import type { ReactNode } from 'react';

/**
 * An icon-only button; `label` is what a screen reader says. 'round' (default): the 40px round
 * button of the nav bars and rows (`ks-icon-button`); 'chip': the small × at the end of a tag
 * (`ks-chip-remove`).
 */
export function IconButton({
  testId,
  label,
  look = 'round',
  className,
  disabled,
  onClick,
  children,
}: {
  testId?: string;
  label: string;
  look?: 'round' | 'chip';
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const base = look === 'chip' ? 'ks-chip-remove' : 'ks-icon-button';
  return (
    <button
      type="button"
      className={className ? `${base} ${className}` : base}
      data-testid={testId}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
