import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Panel, Time } from '../components.js';
import { useCan } from '../console-context.js';
import { FieldError, type MutationProblem, ProblemBanner, problemOf } from '../errors.js';
import { DeleteSecretDocument, PutSecretDocument, SecretsDocument } from '../generated/graphql.js';

/** The vault's keys and versions (READ); setting and deleting values only with SECRETS_WRITE. Values are never shown. */
export function SecretsPage() {
  const canRead = useCan('READ');
  const canWrite = useCan('SECRETS_WRITE');
  const [{ data, error }, refetch] = useQuery({ query: SecretsDocument, variables: { first: 100 }, pause: !canRead });
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<MutationProblem>();
  const [, put] = useMutation(PutSecretDocument);
  const [, remove] = useMutation(DeleteSecretDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await put({ input: { key: key.trim(), value } });
    const p = problemOf(r.data?.putSecret, r.error);
    setProblem(p);
    if (!p) {
      setKey('');
      setValue('');
    }
    reload();
  };
  return (
    <>
      {canWrite ? (
        <Panel title="Set a secret">
          <form onSubmit={submit} className="form" aria-label="Set a secret">
            <div className="row">
              <label>
                Key
                <input name="key" value={key} onChange={(e) => setKey(e.target.value)} required />
                <FieldError problem={problem} field="key" />
              </label>
              <label className="grow">
                Value
                <input
                  name="value"
                  type="password"
                  autoComplete="off"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
                <FieldError problem={problem} field="value" />
              </label>
            </div>
            <ProblemBanner problem={problem} />
            <button type="submit">Save</button>
          </form>
        </Panel>
      ) : null}
      {canRead ? (
        <Panel title="Secrets">
          {error ? <p className="banner error">{error.message}</p> : null}
          <table className="grid">
            <thead>
              <tr>
                <th>Key</th>
                <th>Version</th>
                <th>Updated</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data?.secrets.edges.map(({ node: s }) => (
                <tr key={s.key}>
                  <td className="mono">{s.key}</td>
                  <td>{s.version}</td>
                  <td>
                    <Time at={s.updatedAt} />
                  </td>
                  <td>
                    {canWrite ? (
                      <button
                        type="button"
                        className="danger"
                        onClick={() =>
                          void remove({ input: { key: s.key } }).then((r) => {
                            setProblem(problemOf(r.data?.deleteSecret, r.error));
                            reload();
                          })
                        }
                      >
                        Delete
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      ) : null}
    </>
  );
}
