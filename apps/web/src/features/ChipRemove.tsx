import { CloseOutline } from 'antd-mobile-icons';

/** The × at the end of a pill-shaped tag (a filter tag, a KOL chip); `label` says what it removes. */
export function ChipRemove({
  label,
  testId,
  className,
  onClick,
}: {
  label: string;
  testId?: string;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className ? `ks-chip-remove ${className}` : 'ks-chip-remove'}
      data-testid={testId}
      aria-label={label}
      onClick={onClick}
    >
      <CloseOutline />
    </button>
  );
}
