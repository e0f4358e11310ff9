/**
 * The KOL-group membership rule, written once: an account is a member when it is tracked and its
 * followers lie in the group's range (when the group uses the range; 0 as max is unlimited), or
 * it is on the group's whitelist; never when it is on the blacklist. The repository builds its
 * queries from these (db/repos/kol-groups.ts: member pages, counts, the feed's group filter) with
 * the group's values as parameters, so those conditions stay indexable; the rollups' SQL function
 * kol_group_member() (db/rollups/opinion.ts) is built from them over the stored group.
 */

/** A follower count within bounds read from stored columns (kol_groups g): max 0 is unlimited. */
export function storedRange(followers: string, min: string, max: string): string {
  return `${followers} >= ${min} AND (${max} = 0 OR ${followers} <= ${max})`;
}

/** The bound that stands for "unlimited" when the bounds are known values. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** A follower count within known bounds (max 0 is unlimited), as parameters: a plain range scan. */
export function knownRange(
  followers: string,
  min: number,
  max: number,
  param: (v: unknown) => string,
  cast = '',
): string {
  return `${followers} BETWEEN ${param(min)}${cast} AND ${param(max > 0 ? max : UNLIMITED)}${cast}`;
}

/** Members by the range: tracked, and within `range`, when the group uses it (`useFans`: SQL or a known flag). */
export function rangeMember(useFans: string | boolean, tracked: string, range: string): string {
  if (useFans === false) return 'false';
  return useFans === true ? `(${tracked} AND ${range})` : `(${useFans} AND ${tracked} AND ${range})`;
}

/** The whole rule, from its three parts (each an SQL boolean). */
export function memberRule(byRange: string, white: string, black: string): string {
  return `((${byRange} OR ${white}) AND NOT ${black})`;
}
