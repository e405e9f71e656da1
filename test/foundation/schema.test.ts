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
  // issue 33
  builds: words(``),
  // issue 34
  gitDelivery: words(`
    CreateGitSourceInput CreateGitSourceInput.branch CreateGitSourceInput.credentialSecret
    CreateGitSourceInput.name CreateGitSourceInput.path CreateGitSourceInput.policy
    CreateGitSourceInput.pollIntervalSeconds CreateGitSourceInput.previews
    CreateGitSourceInput.provider CreateGitSourceInput.url CreateGitSourcePayload
    CreateGitSourcePayload.gitSource CreateGitSourcePayload.hookSecret CreateGitSourceResult
    CreateGitSourceResult.ConflictError CreateGitSourceResult.CreateGitSourcePayload
    CreateGitSourceResult.ForbiddenError CreateGitSourceResult.NotFoundError
    CreateGitSourceResult.RateLimitedError CreateGitSourceResult.ValidationError CreatePreviewInput
    CreatePreviewInput.branch CreatePreviewInput.commit CreatePreviewInput.gitSourceId
    CreatePreviewInput.pullRequest CreatePreviewPayload CreatePreviewPayload.preview
    CreatePreviewResult CreatePreviewResult.ConflictError CreatePreviewResult.CreatePreviewPayload
    CreatePreviewResult.ForbiddenError CreatePreviewResult.NotFoundError
    CreatePreviewResult.RateLimitedError CreatePreviewResult.ValidationError DeleteGitSourceInput
    DeleteGitSourceInput.id DeleteGitSourceInput.prune DeleteGitSourcePayload DeleteGitSourcePayload.id
    DeleteGitSourceResult DeleteGitSourceResult.DeleteGitSourcePayload
    DeleteGitSourceResult.ForbiddenError DeleteGitSourceResult.NotFoundError
    DeleteGitSourceResult.RateLimitedError DeletePreviewInput DeletePreviewInput.id
    DeletePreviewPayload DeletePreviewPayload.id DeletePreviewResult
    DeletePreviewResult.DeletePreviewPayload DeletePreviewResult.ForbiddenError
    DeletePreviewResult.NotFoundError DeletePreviewResult.RateLimitedError Drift Drift.field Drift.have
    Drift.kind Drift.name Drift.want GitCommit GitCommit.author GitCommit.committedAt GitCommit.message
    GitCommit.sha GitSource GitSource.branch GitSource.createdAt GitSource.credentialSecret
    GitSource.drift GitSource.hookUrl GitSource.id GitSource.instances GitSource.lastCommit
    GitSource.message GitSource.name GitSource.path GitSource.plan GitSource.policy
    GitSource.pollIntervalSeconds GitSource.previewPolicy GitSource.previews GitSource.previews(after)
    GitSource.previews(first) GitSource.provider GitSource.status GitSource.syncedCommit
    GitSource.syncs GitSource.syncs(after) GitSource.syncs(first) GitSource.url GitSource:Node
    GitSourcePreviewsConnection GitSourcePreviewsConnection.edges GitSourcePreviewsConnection.pageInfo
    GitSourcePreviewsEdge GitSourcePreviewsEdge.cursor GitSourcePreviewsEdge.node
    GitSourceSyncsConnection GitSourceSyncsConnection.edges GitSourceSyncsConnection.pageInfo
    GitSourceSyncsEdge GitSourceSyncsEdge.cursor GitSourceSyncsEdge.node GitSync GitSync.changes
    GitSync.commit GitSync.finishedAt GitSync.gitSource GitSync.id GitSync.message GitSync.operations
    GitSync.outcome GitSync.startedAt GitSync.trigger GitSync:Node GitSyncOutcome GitSyncOutcome.FAILED
    GitSyncOutcome.NO_CHANGE GitSyncOutcome.RUNNING GitSyncOutcome.SUCCEEDED GitSyncPolicy
    GitSyncPolicy.autoSync GitSyncPolicy.prune GitSyncPolicy.selfHeal GitSyncPolicyInput
    GitSyncPolicyInput.autoSync GitSyncPolicyInput.prune GitSyncPolicyInput.selfHeal GitSyncStatus
    GitSyncStatus.FAILED GitSyncStatus.OUT_OF_SYNC GitSyncStatus.SYNCED GitSyncStatus.SYNCING
    GitSyncStatus.UNKNOWN GitSyncTrigger GitSyncTrigger.HOOK GitSyncTrigger.MANUAL GitSyncTrigger.POLL
    GitSyncTrigger.SELF_HEAL Instance.gitSource Instance.preview Mutation.createGitSource
    Mutation.createGitSource(input) Mutation.createPreview Mutation.createPreview(input)
    Mutation.deleteGitSource Mutation.deleteGitSource(input) Mutation.deletePreview
    Mutation.deletePreview(input) Mutation.syncGitSource Mutation.syncGitSource(input)
    Mutation.updateGitSource Mutation.updateGitSource(input) PlannedAction PlannedAction.CREATE
    PlannedAction.DELETE PlannedAction.UNCHANGED PlannedAction.UPDATE PlannedChange
    PlannedChange.action PlannedChange.detail PlannedChange.kind PlannedChange.name Preview
    Preview.branch Preview.commit Preview.createdAt Preview.expiresAt Preview.gitSource Preview.id
    Preview.instances Preview.message Preview.pullRequest Preview.status Preview.urls Preview:Node
    PreviewPolicy PreviewPolicy.branches PreviewPolicy.enabled PreviewPolicy.idleMinutes
    PreviewPolicy.pullRequests PreviewPolicy.ttlHours PreviewPolicyInput PreviewPolicyInput.branches
    PreviewPolicyInput.enabled PreviewPolicyInput.idleMinutes PreviewPolicyInput.pullRequests
    PreviewPolicyInput.ttlHours PreviewStatus PreviewStatus.BUILDING PreviewStatus.DELETED
    PreviewStatus.EXPIRED PreviewStatus.FAILED PreviewStatus.READY PreviewUrl PreviewUrl.service
    PreviewUrl.url Query.gitSources Query.gitSources(after) Query.gitSources(first)
    QueryGitSourcesConnection QueryGitSourcesConnection.edges QueryGitSourcesConnection.pageInfo
    QueryGitSourcesEdge QueryGitSourcesEdge.cursor QueryGitSourcesEdge.node
    Subscription.gitSourceUpdates Subscription.gitSourceUpdates(id) SyncGitSourceInput
    SyncGitSourceInput.commit SyncGitSourceInput.dryRun SyncGitSourceInput.id SyncGitSourcePayload
    SyncGitSourcePayload.sync SyncGitSourceResult SyncGitSourceResult.ForbiddenError
    SyncGitSourceResult.InvalidStateError SyncGitSourceResult.NotFoundError
    SyncGitSourceResult.RateLimitedError SyncGitSourceResult.SyncGitSourcePayload
    SyncGitSourceResult.ValidationError UpdateGitSourceInput UpdateGitSourceInput.branch
    UpdateGitSourceInput.credentialSecret UpdateGitSourceInput.id UpdateGitSourceInput.path
    UpdateGitSourceInput.policy UpdateGitSourceInput.pollIntervalSeconds UpdateGitSourceInput.previews
    UpdateGitSourcePayload UpdateGitSourcePayload.gitSource UpdateGitSourceResult
    UpdateGitSourceResult.ForbiddenError UpdateGitSourceResult.NotFoundError
    UpdateGitSourceResult.RateLimitedError UpdateGitSourceResult.UpdateGitSourcePayload
    UpdateGitSourceResult.ValidationError
  `),
  // issue 35
  jobs: words(``),
  // issue 36
  backups: words(``),
  // issue 37
  identity: words(``),
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
