import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from './builder.js';

/**
 * graphql-scalars' DateTime, serialised to the string it is sent as. Its own
 * serialize returns the Date, which every response then encodes through
 * `Date#toJSON`, a slow call inside JSON.stringify: a log chunk has a
 * thousand of them. The wire is the same.
 */
const DateTime = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: (value) => {
    const serialized = DateTimeResolver.serialize(value) as unknown;
    return serialized instanceof Date ? isoString(serialized) : serialized;
  },
});

/** The last instant written: log lines read at speed come hundreds to the millisecond. */
let lastIso = { ms: Number.NaN, text: '' };

function isoString(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastIso.ms) lastIso = { ms, text: date.toISOString() };
  return lastIso.text;
}

builder.addScalarType('DateTime', DateTime, {
  description: 'An instant, as an RFC 3339 string in UTC (`2026-11-29T18:53:06.000Z`).',
});
builder.addScalarType('JSON', JSONResolver, { description: 'Arbitrary JSON: a structured event payload.' });
