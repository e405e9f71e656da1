import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEventCursor,
  decodeTimeCursor,
  encodeEventCursor,
  encodeTimeCursor,
  pageSize,
} from '../../src/control/cursor.js';
import { ValidationError } from '../../src/control/errors.js';
import { eventPosition } from '../../src/db/repositories/event-repository.js';

describe('time cursors', () => {
  it('round-trip any (createdAt, id) key', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.uuid(),
        (createdAt, id) => {
          const cursor = encodeTimeCursor({ createdAt, id });
          expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/); // URL-safe, opaque
          const back = decodeTimeCursor(cursor);
          expect(back.id).toBe(id);
          expect(back.createdAt.getTime()).toBe(createdAt.getTime());
        },
      ),
    );
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['empty', ''],
    ['base64 of a non-array', Buffer.from('{"a":1}').toString('base64url')],
    ['an invalid date', Buffer.from('["yesterday","x"]').toString('base64url')],
    ['wrong element types', Buffer.from('[1,2]').toString('base64url')],
    ['an event cursor', '42'],
  ])('reject %s with a ValidationError on the field', (_name, cursor) => {
    let err: unknown;
    try {
      decodeTimeCursor(cursor, 'after');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors).toEqual([{ path: ['after'], message: expect.any(String) }]);
  });

  it('name the field they were given', () => {
    expect(() => decodeTimeCursor('x', 'before')).toThrow(/before/);
  });
});

describe('event cursors', () => {
  it('are the event position and round-trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: (1n << 128n) - 1n }), (n) => {
        expect(decodeEventCursor(encodeEventCursor(n))).toBe(n);
      }),
    );
  });

  it('order like their positions when compared as numbers', () => {
    expect(decodeEventCursor('10')).toBeGreaterThan(decodeEventCursor('9'));
  });

  it('accept the id cursors of events written before positions: the same position', () => {
    expect(decodeEventCursor('999999999999999999')).toBe(999_999_999_999_999_999n);
    expect(encodeEventCursor(eventPosition({ xact: '0', id: '42' }))).toBe('42');
  });

  it.each(['', 'abc', '-1', '1.5', '1'.repeat(41), String(1n << 128n), ' 1'])('reject %j', (cursor) => {
    expect(() => decodeEventCursor(cursor)).toThrow(ValidationError);
  });
});

describe('pageSize', () => {
  it('defaults to 20 and accepts 0..100', () => {
    expect(pageSize(undefined)).toBe(20);
    expect(pageSize(null)).toBe(20);
    expect(pageSize(0)).toBe(0);
    expect(pageSize(1)).toBe(1);
    expect(pageSize(100)).toBe(100);
  });

  it('honours a custom max and default', () => {
    expect(pageSize(undefined, 50, 7)).toBe(7);
    expect(pageSize(50, 50)).toBe(50);
    expect(() => pageSize(51, 50)).toThrow(ValidationError);
  });

  it.each([-1, 101, 1.5, Number.NaN])('rejects %s with a ValidationError on first', (n) => {
    let err: unknown;
    try {
      pageSize(n);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors[0]?.path).toEqual(['first']);
  });
});
