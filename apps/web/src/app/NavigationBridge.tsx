import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigate } from './navigation';

/** Hands the router's navigate to code outside React (see navigation.ts). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to, options) => navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);
  return null;
}
