/** Limits every request is held to, whatever its transport. */
export const REQUEST_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 20,
  maxTokens: 5_000,
  /** Nodes one operation may return, counted as GitHub counts them (src/schema/node-cost.ts). */
  maxNodes: 50_000,
} as const;
