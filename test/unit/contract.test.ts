import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkContract } from '../support/contract.js';

/** The contract checker of test/support/contract.ts, on small schemas. */

const CONTRACT = `
  interface Node { id: ID! }
  type Query { thing(id: ID!, mode: Mode = FAST): Thing  things(first: Int): [Thing!]! }
  type Mutation { make(input: MakeInput!): MakeResult! }
  type Subscription { ticks: Int! }
  type Thing implements Node { id: ID!  name: String  tags: [String!] }
  enum Mode { FAST SLOW }
  input MakeInput { name: String!  mode: Mode = SLOW }
  type Made { thing: Thing! }
  type Oops { message: String! }
  union MakeResult = Made | Oops
`;

function check(actualSdl: string) {
  return checkContract(buildSchema(CONTRACT), buildSchema(actualSdl));
}

const items = (problems: ReturnType<typeof check>) => problems.map((p) => p.item);

describe('checkContract', () => {
  it('finds nothing wrong with the contract itself', () => {
    expect(check(CONTRACT)).toEqual([]);
  });

  it('accepts additions and stricter outputs / looser inputs', () => {
    expect(
      check(`
        interface Node { id: ID! }
        type Query { thing(id: ID, mode: Mode = FAST, extra: Int): Thing!  things(first: Int, after: String): [Thing!]!  more: Int }
        type Mutation { make(input: MakeInput): MakeResult! }
        type Subscription { ticks: Int! }
        type Thing implements Node { id: ID!  name: String!  tags: [String!]!  added: Boolean }
        enum Mode { FAST SLOW WARP }
        input MakeInput { name: String  mode: Mode = SLOW  note: String }
        type Made { thing: Thing! }
        type Oops { message: String! }
        type Other { x: Int }
        union MakeResult = Made | Oops | Other
      `),
    ).toEqual([]);
  });

  it('reports a missing type with every item under it', () => {
    const sdl = CONTRACT.replace('enum Mode { FAST SLOW }', '')
      .replace(/Mode = \w+/g, 'String')
      .replace(/: Mode/g, ': String');
    expect(items(check(sdl))).toContain('Mode');
    expect(items(check(sdl))).toContain('Mode.FAST');
    expect(items(check(sdl))).toContain('Mode.SLOW');
  });

  it('reports missing fields, arguments, enum values, union members and interfaces', () => {
    const got = items(
      check(`
        interface Node { id: ID! }
        type Query { thing(id: ID!): Thing }
        type Mutation { make(input: MakeInput!): MakeResult! }
        type Subscription { ticks: Int! }
        type Thing { id: ID!  name: String  tags: [String!] }
        enum Mode { FAST }
        input MakeInput { name: String!  mode: Mode = SLOW }
        type Made { thing: Thing! }
        type Oops { message: String! }
        union MakeResult = Made
      `),
    );
    expect(got).toEqual([
      'MakeInput.mode', // its default, SLOW, is not a value of Mode any more
      'MakeResult.Oops',
      'Mode.SLOW',
      'Query.thing(mode)',
      'Query.things',
      'Query.things(first)',
      'Thing:Node',
    ]);
  });

  it('reports incompatible types, defaults, kinds and new required inputs', () => {
    const problems = check(`
      interface Node { id: ID! }
      type Query { thing(id: ID!, mode: Mode = SLOW, must: Int!): Thing  things(first: String): [Thing] }
      type Mutation { make(input: MakeInput!): MakeResult! }
      type Subscription { ticks: Int! }
      type Thing implements Node { id: ID  name: Int  tags: String }
      enum Mode { FAST SLOW }
      input MakeInput { name: String!  mode: Mode = SLOW  also: Int! }
      type Made { thing: Thing! }
      type Oops { message: String! }
      type MakeResult { x: Int }
    `);
    const byItem = Object.fromEntries(problems.map((p) => [p.item, p.problem]));
    expect(Object.keys(byItem).sort()).toEqual([
      'MakeInput.also',
      'MakeResult',
      'Query.thing(mode)',
      'Query.thing(must)',
      'Query.things',
      'Query.things(first)',
      'Thing.id',
      'Thing.name',
      'Thing.tags',
    ]);
    expect(byItem['Query.thing(mode)']).toMatch(/default SLOW, the contract says FAST/);
    expect(byItem['Query.thing(must)']).toMatch(/required here/);
    expect(byItem.MakeResult).toMatch(/is a object, the contract says union/);
  });

  it('rejects an input that became required', () => {
    const sdl = CONTRACT.replace('things(first: Int)', 'things(first: Int!)');
    expect(items(check(sdl))).toEqual(['Query.things(first)']);
  });

  it('reports a missing subscription root once', () => {
    const sdl = CONTRACT.replace('type Subscription { ticks: Int! }', '');
    expect(items(check(sdl))).toEqual(['Subscription', 'Subscription.ticks']);
  });
});
