import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';
import { KolLink } from '../track/KolLink';
import { stripCount } from './rankState';

interface Person {
  /** Opens the KOL's profile when present. */
  id?: string | undefined;
  icon: string;
  username?: string | undefined;
}

/** One avatar, a link to the KOL's profile; a broken or missing picture falls back to the handle's first letter. */
function Avatar({ person }: { person: Person }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const name = person.username ?? '';
  return (
    <KolLink
      userId={person.id}
      className="rank-avatar"
      label={name ? t('track.openProfile', { name: `@${name}` }) : undefined}
      testId="rank-avatar"
    >
      {person.icon && !broken ? (
        <img
          src={imageSrc(person.icon)}
          alt={name}
          loading="lazy"
          width={20}
          height={20}
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="rank-avatar__letter" role="img" aria-label={name}>
          {(name[0] ?? '?').toUpperCase()}
        </span>
      )}
    </KolLink>
  );
}

const SHOWN = 3;

/**
 * Overlapping avatars (at most three) and a +N for the rest: of `total` when the server counts the
 * KOLs behind the strip (the list itself holds only the first few), else of the list.
 */
export function AvatarStrip({
  people,
  total,
  testId,
  label,
}: {
  people: Person[];
  total?: number | undefined;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const { count, drawn, extra } = stripCount(people.length, total, SHOWN);
  return (
    <div className="rank-strip" data-testid={testId} data-count={count} title={label}>
      {people.slice(0, drawn).map((p) => (
        // Each author appears once per strip.
        <Avatar key={p.username ?? p.icon} person={p} />
      ))}
      {extra > 0 && (
        <span className="rank-strip__more" title={t('rank.morePeople', { count: extra })}>
          +{extra}
        </span>
      )}
      {people.length === 0 && <span className="rank-strip__none">–</span>}
    </div>
  );
}
