/** The first error in the order of the form, for the toast. */
export function firstError<K extends PropertyKey>(errors: Partial<Record<K, unknown>>, order: readonly K[]): K | null {
  return order.find((key) => errors[key]) ?? null;
}
