/** The kolscope mark (a lens over a rising line) and word mark; inline SVG, no image request. */
export function Logo({ size = 28, withText = true }: { size?: number; withText?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }} data-testid="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--ks-primary)" />
        <circle cx="14" cy="14" r="7" fill="none" stroke="#fff" strokeWidth="3" />
        <path
          d="M10.5 16l2.5-3 2 2 3-4"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M19.5 19.5l6 6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {withText && (
        <span style={{ fontWeight: 700, fontSize: size * 0.68, letterSpacing: '-0.02em', color: 'var(--ks-text)' }}>
          kolscope
        </span>
      )}
    </span>
  );
}
