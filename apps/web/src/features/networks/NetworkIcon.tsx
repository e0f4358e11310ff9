import type { Network } from '@kolscope/contract';
import { useTranslation } from 'react-i18next';
import { brandStyle } from './brands';
import './network-icon.css';

/**
 * Each network's mark, drawn small (16 px) in its brand colour: which network a post or an account
 * is on (issue 17). Plain shapes, not the networks' trademarked logos in full detail.
 */
const PATHS: Record<Network, string> = {
  x: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
  telegram:
    'M21.4 3.6 2.9 10.7c-1.2.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.5c.2.6.4.9 1 .9.4 0 .6-.2.9-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.5-1.4zM9.9 14.3l-.3 3.6-1.4-4.4 9.6-6.1z',
  bluesky:
    'M12 10.8C10.9 8.6 7.9 4.6 5.1 2.6 2.4.7 1.4 1 .8 1.3.1 1.6 0 2.8 0 3.5c0 .7.4 5.6.6 6.4.9 2.8 3.9 3.8 6.6 3.5-4 .6-7.5 2-2.9 7.2 5.1 5.2 6.9-1.1 7.7-3.8.8 2.7 1.7 7.8 7.5 3.8 4.4-3.8 1.2-5.9-2.8-6.5 2.7.3 5.7-.7 6.6-3.5.2-.8.6-5.7.6-6.4 0-.7-.1-1.9-.8-2.2-.6-.3-1.6-.6-4.3 1.3-2.8 2-5.8 6-6.9 8.2z',
  farcaster:
    'M5.2 2.5h13.6v3H21l-.9 3h-.8v10.2c.4 0 .8.3.8.8v.7h.2c.4 0 .8.3.8.8v.8h-6.2V21c0-.4.3-.8.8-.8h.2v-.7c0-.4.3-.8.8-.8V12.8A4.7 4.7 0 0 0 12 8.4a4.7 4.7 0 0 0-4.7 4.4v6.9c.4 0 .8.3.8.8v.7h.2c.4 0 .8.3.8.8v.8H2.9V21c0-.4.3-.8.8-.8h.2v-.7c0-.4.3-.8.8-.8V8.5h-.8l-.9-3h2.2z',
};

export function NetworkIcon({ network, className }: { network: Network | undefined; className?: string }) {
  const { t } = useTranslation();
  const n = network ?? 'x';
  const label = t('network.on', { network: t(`network.name.${n}`) });
  return (
    <svg
      className={`network-icon network-icon--${n}${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="14"
      height="14"
      role="img"
      aria-label={label}
      style={brandStyle(n)}
      data-testid="network-icon"
      data-network={n}
    >
      <title>{label}</title>
      <path d={PATHS[n]} fill="currentColor" />
    </svg>
  );
}
