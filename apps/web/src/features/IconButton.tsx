import type { ReactNode } from 'react';

/** A round icon-only button (`ks-icon-button`); `label` is what a screen reader says. */
export function IconButton({
  testId,
  label,
  className,
  disabled,
  onClick,
  children,
}: {
  testId: string;
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `ks-icon-button ${className}` : 'ks-icon-button'}
      data-testid={testId}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
