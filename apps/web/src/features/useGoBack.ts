import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * True when the app itself put an entry before this one. react-router keeps a position index
 * in history.state; 0 means this is the first entry (opened by link or reload).
 */
export function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Back one page, or to / when there is nothing to go back to. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasInAppHistory()) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
}
