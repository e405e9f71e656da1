import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { ApiTokensDocument, CreateApiTokenDocument, RevokeApiTokenDocument, type Scope } from '../generated/graphql.js';

// LOGS reads logs without the shell EXEC gives; offered separately so a log reader needs no EXEC.
const SCOPES: Scope[] = ['READ', 'DEPLOY', 'EXEC', 'LOGS', 'SECRETS_WRITE', 'ADMIN'];

/** The tenant's API tokens (ADMIN or SYSTEM): create one (its secret is shown once) or revoke one. */
export function TokensPage() {
  const admin = useCan('ADMIN');
  const system = useCan('SYSTEM');
  const allowed = admin || system;
  const [{ data, error }, refetch] = useQuery({ query: ApiTokensDocument, variables: { first: 50 }, pause: !allowed });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['READ']);
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<MutationProblem>();
  const [, create] = useMutation(CreateApiTokenDocument);
  const [, revoke] = useMutation(RevokeApiTokenDocument);
  if (!allowed) return <p className="banner error">Tokens need the ADMIN scope.</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSecret(undefined);
    const r = await create({ input: { name: name.trim(), scopes } });
    const p = problemOf(r.data?.createApiToken, r.error);
    setProblem(p);
    if (!p && r.data?.createApiToken.__typename === 'CreateApiTokenPayload') {
      setSecret(r.data.createApiToken.token);
      setName('');
    }
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <Panel title="New token">
        <form onSubmit={submit} className="form" aria-label="New token">
          <div className="row">
            <label>
              Name
              <input name="name" value={name} onChange={(e) => setName(e.target.value)} required />
              <FieldError problem={problem} field="name" />
            </label>
            <fieldset className="scopes">
              <legend>Scopes</legend>
              {SCOPES.map((s) => (
                <label key={s} className="inline">
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                  />{' '}
                  {s}
                </label>
              ))}
              <FieldError problem={problem} field="scopes" />
            </fieldset>
          </div>
          <ProblemBanner problem={problem} />
          {secret ? (
            <p className="banner ok">
              Copy this token now, it is not shown again: <code className="mono">{secret}</code>
            </p>
          ) : null}
          <button type="submit">Create token</button>
        </form>
      </Panel>
      <Panel title="Tokens">
        {error ? <p className="banner error">{error.message}</p> : null}
        <table className="grid">
          <thead>
            <tr>
              <th>Name</th>
              <th>Scopes</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Revoked</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.apiTokens.edges.map(({ node: t }) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.scopes.join(' ')}</td>
                <td>
                  <Time at={t.createdAt} />
                </td>
                <td>
                  <Time at={t.lastUsedAt} />
                </td>
                <td>
                  <Time at={t.revokedAt} />
                </td>
                <td>
                  {t.revokedAt ? null : (
                    <button
                      type="button"
                      className="danger"
                      onClick={() =>
                        void revoke({ input: { id: t.id } }).then((r) => {
                          setProblem(problemOf(r.data?.revokeApiToken, r.error));
                          refetch({ requestPolicy: 'network-only' });
                        })
                      }
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </>
  );
}
