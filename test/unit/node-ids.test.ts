import { randomUUID } from 'node:crypto';
import { type GraphQLResolveInfo, isObjectType, lexicographicSortSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/schema/builder.js';
import { buildSchema } from '../../src/schema/index.js';
import { NODE_TYPES, resolveNodeIdsSynchronously } from '../../src/schema/node-ids.js';

/** The Node types of a schema, by name. */
function nodeTypes(schema: ReturnType<typeof buildSchema>) {
  return Object.values(schema.getTypeMap()).filter(
    (t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'),
  ) as import('graphql').GraphQLObjectType[];
}

describe('Node ids resolve synchronously, to the same id', () => {
  it('answers every Node type exactly as the relay plugin did, without a promise', async () => {
    const relay = lexicographicSortSchema(builder.toSchema());
    const ours = buildSchema();
    const types = nodeTypes(ours);
    expect(types.map((t) => t.name).sort()).toEqual([...NODE_TYPES].sort());
    for (const type of types) {
      const id = randomUUID();
      const theirs = relay.getType(type.name);
      if (!isObjectType(theirs)) throw new Error(`${type.name} missing`);
      const info = {} as GraphQLResolveInfo;
      const before = theirs.getFields().id!.resolve!({ id }, {}, {}, info);
      const after = type.getFields().id!.resolve!({ id }, {}, {}, info);
      // The plugin's is a promise (what made every page's execution asynchronous); ours is the string itself.
      expect(before).toBeInstanceOf(Promise);
      expect(typeof after).toBe('string');
      expect(after).toBe(await before);
      expect(Buffer.from(after as string, 'base64').toString()).toBe(`${type.name}:${id}`);
    }
  });

  it('refuses a Node type it does not know', () => {
    const schema = lexicographicSortSchema(builder.toSchema());
    const event = schema.getType('Event');
    if (!isObjectType(event)) throw new Error('no Event');
    Object.defineProperty(event, 'name', { value: 'Unheard' });
    expect(() => resolveNodeIdsSynchronously(schema)).toThrow(/Unheard is not in NODE_TYPES/);
  });
});
