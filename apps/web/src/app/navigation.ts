/**
 * Navigation for code that lives outside React (the API client's 401 handling, logout).
 * The router registers its navigate function here; before that we fall back to the hash.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null): void {
  navigateFn = fn;
}

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (navigateFn) {
    navigateFn(path, options);
    return;
  }
  if (typeof window === 'undefined') return;
  if (options.replace) window.location.replace(`#${path}`);
  else window.location.hash = path;
}
