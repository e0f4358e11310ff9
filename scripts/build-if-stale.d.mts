export function ensureServerBuilt(): Promise<void>;
export function ensureWebBuilt(): Promise<void>;
