import { useEffect } from 'react';
import { useLiveConnection } from '../features/live/useLive';
import { loadUser } from '../state/sessionActions';
import { useSession } from '../state/useSession';

/** After a reload we still know the uid; fetch the user info that goes with it, and open the live stream. */
export function SessionBootstrap() {
  const uid = useSession((s) => s.uid);
  const hasUser = useSession((s) => s.user !== null);
  useEffect(() => {
    if (uid && !hasUser) void loadUser();
  }, [uid, hasUser]);
  useLiveConnection();
  return null;
}
