import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../../src/cli/documents.js';

const schema = buildSchema(readFileSync(resolve(import.meta.dirname, '../../schema/schema.graphql'), 'utf8'));

/** Every operation the CLI can send: the exported documents and each lifecycle action's mutation. */
const operations: Array<[string, string]> = [
  ...Object.entries(documents).filter((e): e is [string, string] => typeof e[1] === 'string'),
  ...Object.keys(documents.ActionMutations).map(
    (a) => [`action ${a}`, documents.actionMutation(a as keyof typeof documents.ActionMutations)] as [string, string],
  ),
];

describe('CLI documents', () => {
  it.each(operations)('%s is valid against the printed schema', (_name, source) => {
    expect(validate(schema, parse(source)).map((e) => e.message)).toEqual([]);
  });
});
