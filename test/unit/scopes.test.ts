import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, covers, type Scope, Scopes } from '../../src/control/scopes.js';

describe('covers: what a token may do (and so may grant)', () => {
  const held = (...s: Scope[]) => new Set<Scope>(s);

  it('EXEC covers LOGS, so tokens from before LOGS keep reading logs and can grant LOGS', () => {
    expect(covers(held(Scopes.exec), Scopes.logs)).toBe(true);
  });

  it('LOGS does not cover EXEC: a log reader gets no shell', () => {
    expect(covers(held(Scopes.read, Scopes.logs), Scopes.exec)).toBe(false);
  });

  it('READ covers neither LOGS nor EXEC', () => {
    expect(covers(held(Scopes.read), Scopes.logs)).toBe(false);
    expect(covers(held(Scopes.read), Scopes.exec)).toBe(false);
  });

  it('every scope covers itself, and nothing else is implied but LOGS by EXEC and AUDIT by ADMIN', () => {
    const implied: Partial<Record<string, string[]>> = { [Scopes.exec]: [Scopes.logs], [Scopes.admin]: [Scopes.audit] };
    for (const s of ALL_SCOPES) {
      expect(covers(held(s), s), s).toBe(true);
      const others = ALL_SCOPES.filter((o) => o !== s && covers(held(s), o));
      expect(others, s).toEqual(implied[s] ?? []);
    }
  });

  it('AUDIT covers nothing but itself (an auditor changes nothing)', () => {
    expect(ALL_SCOPES.filter((o) => covers(held(Scopes.audit), o))).toEqual([Scopes.audit]);
  });

  it('ALL_SCOPES (the bootstrap token) holds LOGS', () => {
    expect(ALL_SCOPES).toContain('logs');
  });
});
