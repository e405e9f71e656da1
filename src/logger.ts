import pino, { type Logger } from 'pino';

export type { Logger };

/** The process logger. Secrets never reach it: callers log ids and kinds, not values. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'wheelhouse' },
    // Top-level and one level down: pino's `*.x` does not match a top-level `x`.
    redact: {
      paths: [
        'authorization',
        'token',
        'secret',
        'value',
        'password',
        '*.authorization',
        '*.token',
        '*.secret',
        '*.value',
        '*.password',
      ],
      censor: '[redacted]',
    },
  });
}
