import type { z } from 'zod';

/** The service names of a spec, whether its services are keyed by name or the API's list. */
export function serviceNames(spec: { services?: Array<{ name: string }> | Record<string, unknown> }): string[] {
  return Array.isArray(spec.services) ? spec.services.map((s) => s.name) : Object.keys(spec.services ?? {});
}

/** A refinement of a list of named things: a name given twice is an error at its second place. */
export function uniqueNames(list: readonly { name: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((s, i) => {
    if (seen.has(s.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${s.name}" is named twice` });
    seen.add(s.name);
  });
}
