import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type GraphQLField, type GraphQLObjectType, printSchema, buildSchema as schemaFromSdl } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/schema/index.js';
import { checkContract, formatProblems, undescribedItems as undescribed } from '../support/contract.js';

/**
 * The schema as a contract: the committed SDL matches the code, everything a
 * client sees is described, every root field declares its auth scopes, and
 * nothing of shared/api.graphql that exists today goes missing.
 */

const schema = buildSchema();
const committedPath = fileURLToPath(new URL('../../schema/schema.graphql', import.meta.url));
// CI lays shared/ beside the clone; so does the development tree (/work/main beside /work/shared).
const contractPath = fileURLToPath(new URL('../../../shared/api.graphql', import.meta.url));
/** The contract of the open issues: it only extends api.graphql, so the two are parsed as one. */
const nextContractPath = fileURLToPath(new URL('../../../shared/api-next.graphql', import.meta.url));

/**
 * Items that have no description today although they should: Pothos does not
 * describe these by itself. A shrinking list, like PENDING below: describe them
 * in src/schema (`union: { name, description }` in a field's `errors`, and
 * `description` on `t.arg({ type: …Input })`) and delete them here.
 */
const UNDESCRIBED_PENDING: readonly string[] = [];

/**
 * Contract items (see test/support/contract.ts for the id format) of
 * shared/api.graphql that are not built yet. This list only shrinks: the test
 * fails when something not listed here is missing (a regression) and when
 * something listed here exists (delete it from the list).
 */
const PENDING: readonly string[] = `
`
  .split(/\s+/)
  .filter(Boolean);

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * Items of shared/api-next.graphql (the open issues' contract, parsed after api.graphql) not built
 * yet, one block per issue so each piece of work shrinks only its own. Same rule as PENDING: a
 * missing item not listed here fails, and so does a listed item that exists.
 */
const PENDING_NEXT: Readonly<Record<string, readonly string[]>> = {
  // issue 22
  edge: words(``),
  // issue 23
  rollouts: words(``),
  // issue 24
  autoscale: words(``),
  // issue 25
  webhooks: words(``),
  // issue 26
  sources: words(``),
};

describe('schema', () => {
  it('matches the committed schema/schema.graphql', () => {
    const printed = `${printSchema(schema)}\n`;
    const committed = readFileSync(committedPath, 'utf8');
    expect(
      committed === printed,
      'schema/schema.graphql is out of date with src/schema: run `npm run schema:print` and commit the result',
    ).toBe(true);
  });

  it('describes every type, field, argument and enum value (exempt: built-ins and what the relay plugin generates)', () => {
    const missing = undescribed(schema);
    const unexpected = missing.filter((m) => !UNDESCRIBED_PENDING.includes(m));
    const nowDescribed = UNDESCRIBED_PENDING.filter((m) => !missing.includes(m));
    expect(unexpected, `these have no description; add one in src/schema:\n  ${unexpected.join('\n  ')}`).toEqual([]);
    expect(
      nowDescribed,
      `these are described now; delete them from UNDESCRIBED_PENDING in test/foundation/schema.test.ts:\n  ${nowDescribed.join('\n  ')}`,
    ).toEqual([]);
  });

  it('finds undescribed items (the checker itself works)', () => {
    const s = schemaFromSdl(`
      """Q"""
      type Query { """described""" a(x: Int): Int  b: E }
      enum E { """yes""" ONE  TWO }
    `);
    expect(undescribed(s)).toEqual(['E', 'E.TWO', 'Query.a(x)', 'Query.b']);
  });

  it('declares authScopes on every root Query, Mutation and Subscription field (default deny)', () => {
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(
      (t): t is GraphQLObjectType => !!t,
    );
    expect(roots.map((r) => r.name)).toContain('Query');
    expect(roots.map((r) => r.name)).toContain('Mutation');
    const without: string[] = [];
    let checked = 0;
    for (const root of roots) {
      for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
        checked++;
        // Pothos keeps a field's options, authScopes included, in extensions.pothosOptions.
        const scopes = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions?.authScopes;
        const declared =
          typeof scopes === 'function' ||
          (typeof scopes === 'object' && scopes !== null && Object.keys(scopes).length > 0);
        if (!declared) without.push(`${root.name}.${field.name}`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(
      without,
      `root fields without authScopes (every root field must declare them):\n  ${without.join('\n  ')}`,
    ).toEqual([]);
  });

  it('reads authScopes where Pothos puts them', () => {
    const createTenant = schema.getMutationType()?.getFields().createTenant;
    const options = createTenant?.extensions.pothosOptions as { authScopes?: unknown } | undefined;
    expect(options?.authScopes).toEqual({ system: true });
  });

  describe('contract (shared/api.graphql)', () => {
    it('the contract file is beside the repository', () => {
      expect(existsSync(contractPath), `expected ${contractPath}`).toBe(true);
    });

    it('every missing contract item is in PENDING, and every PENDING item is still missing', () => {
      const contract = schemaFromSdl(readFileSync(contractPath, 'utf8'));
      const problems = checkContract(contract, schema);
      const pending = new Set(PENDING);
      const regressions = problems.filter((p) => !pending.has(p.item));
      const missingItems = new Set(problems.map((p) => p.item));
      const landed = PENDING.filter((item) => !missingItems.has(item));
      expect(
        regressions,
        `the schema breaks shared/api.graphql here (not in PENDING, so it existed or was never pending):\n${formatProblems(regressions)}`,
      ).toEqual([]);
      expect(
        landed,
        `these contract items exist now; delete them from PENDING in test/foundation/schema.test.ts:\n  ${landed.join('\n  ')}`,
      ).toEqual([]);
    });

    it("the open issues' contract (shared/api-next.graphql, after api.graphql): built items stay, PENDING_NEXT only shrinks", () => {
      expect(existsSync(nextContractPath), `expected ${nextContractPath}`).toBe(true);
      const sdl = `${readFileSync(contractPath, 'utf8')}\n${readFileSync(nextContractPath, 'utf8')}`;
      const problems = checkContract(schemaFromSdl(sdl), schema);
      const pending = new Set([...PENDING, ...Object.values(PENDING_NEXT).flat()]);
      const regressions = problems.filter((p) => !pending.has(p.item));
      const missingItems = new Set(problems.map((p) => p.item));
      const landed = Object.entries(PENDING_NEXT).flatMap(([issue, items]) =>
        items.filter((item) => !missingItems.has(item)).map((item) => `${issue}: ${item}`),
      );
      expect(
        regressions,
        `the schema breaks shared/api-next.graphql here (not in PENDING_NEXT):\n${formatProblems(regressions)}`,
      ).toEqual([]);
      expect(
        landed,
        `these contract items exist now; delete them from PENDING_NEXT in test/foundation/schema.test.ts:\n  ${landed.join('\n  ')}`,
      ).toEqual([]);
    });
  });
});
