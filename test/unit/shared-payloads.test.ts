import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SharedPayloads } from '../../src/server/shared-payloads.js';

/** What graphql-ws does per subscriber: onNext, encode the envelope with the replacer, send. */
function message(shared: SharedPayloads, id: string, result: object): string {
  const payload = shared.onNext(result);
  return shared.expand(JSON.stringify({ id, type: 'next', payload }, shared.replacer as never));
}

describe('shared payload encoding (graphql-ws fan-out)', () => {
  it('encodes a result once for every subscriber, each message carrying its own id', () => {
    const shared = new SharedPayloads();
    let encodings = 0;
    const result = {
      get data() {
        encodings++;
        return { events: { id: '7', message: 'a "quoted" line' } };
      },
    };
    const messages = ['1', 'two', 'x"y'].map((id) => message(shared, id, result));
    expect(encodings).toBe(1);
    for (const [i, id] of ['1', 'two', 'x"y'].entries()) {
      expect(JSON.parse(messages[i]!)).toEqual({
        id,
        type: 'next',
        payload: { data: { events: { id: '7', message: 'a "quoted" line' } } },
      });
    }
  });

  it('writes errors as graphql-ws would, and leaves other messages untouched', () => {
    const shared = new SharedPayloads();
    const result = { data: null, errors: [new GraphQLError('gone', { extensions: { code: 'NOT_FOUND' } })] };
    expect(JSON.parse(message(shared, '1', result)).payload).toEqual({
      data: null,
      errors: [{ message: 'gone', extensions: { code: 'NOT_FOUND' } }],
    });
    const complete = JSON.stringify({ id: '1', type: 'complete' }, shared.replacer as never);
    expect(shared.expand(complete)).toBe(complete);
    // A payload of a message encoded without the stand-in is never spliced.
    const error = JSON.stringify({ id: '1', type: 'error', payload: [{ message: 'x' }] }, shared.replacer as never);
    expect(shared.expand(error)).toBe(error);
  });
});
