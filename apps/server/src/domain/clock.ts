/**
 * Time comes from here so tests can move it (code expiry, rate-limit windows, sessions). In
 * domain/ so that every layer (pipeline, markets, services) can take one.
 */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
