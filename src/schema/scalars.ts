import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from './builder.js';

builder.addScalarType('DateTime', DateTimeResolver, {
  description: 'An instant, as an RFC 3339 string in UTC (`2026-11-29T18:53:06.000Z`).',
});
builder.addScalarType('JSON', JSONResolver, { description: 'Arbitrary JSON: a structured event payload.' });
