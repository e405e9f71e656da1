/** Limits every request is held to, whatever its transport. */
export const REQUEST_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 20,
  maxTokens: 5_000,
  maxCost: 20_000,
} as const;
