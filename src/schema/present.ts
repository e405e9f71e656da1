/** Drops the ids a loader found nothing for (missing, or another tenant's: the same to the caller). */
export function present<T>(items: readonly (T | null | Error)[]): T[] {
  return items.filter((x): x is T => x !== null && !(x instanceof Error));
}
