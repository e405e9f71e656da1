import type { FieldError } from './errors.js';

/** The shortest and longest lifetime of an exchanged token (the default is 900 s). */
export const TOKEN_TTL_LIMITS = { min: 60, max: 43_200, default: 900 } as const;

/**
 * Whether `subject` matches a trust policy's pattern: `*` matches any run of characters, `?`
 * one character, everything else is literal (as AWS's StringLike reads GitHub's subjects:
 * `repo:acme/shop:*` is every ref and event of acme/shop).
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  let re = '^';
  for (const c of pattern) {
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else re += c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`${re}$`, 's').test(subject);
}

/**
 * An issuer a policy may name: https, or http on a loopback address only (a development
 * provider): its keys are fetched from there, so a plain-text issuer elsewhere could be forged.
 */
export function issuerErrors(issuer: string): FieldError[] {
  const path = ['input', 'issuer'];
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return [{ path, message: 'must be an https URL' }];
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return [{ path, message: 'must be an https URL (http only on a loopback address)' }];
  }
  if (url.search || url.hash || url.username || url.password) {
    return [{ path, message: 'must be an issuer URL without query, fragment or credentials' }];
  }
  return [];
}

/** Problems with a text field of a policy: 1 to `max` printable characters. */
export function textErrors(value: string, field: string, max: number): FieldError[] {
  const path = ['input', field];
  if (value.trim().length === 0 || value.length > max) return [{ path, message: `must be 1 to ${max} characters` }];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (/[\u0000-\u001f\u007f]/.test(value) || !value.isWellFormed()) {
    return [{ path, message: 'must not contain control characters or unpaired surrogates' }];
  }
  return [];
}
