import { type FormEvent, useEffect, useState } from 'react';
import { stringifyDocument } from 'urql';
import { CSRF_HEADERS } from '../client.js';
import { ViewerDocument, type ViewerQuery } from '../generated/graphql.js';
import { storeToken } from '../session.js';

export type Viewer = ViewerQuery['viewer'];

type Check = { viewer: Viewer } | { problem: string };

/**
 * Asks the server who a token is (the Viewer query), or — `token` null — who the session
 * cookie is; a refused token is a clear message, not a blank page.
 */
async function checkToken(token: string | null): Promise<Check> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...CSRF_HEADERS,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: stringifyDocument(ViewerDocument) }),
    });
  } catch {
    return { problem: 'The server cannot be reached. Is Wheelhouse running?' };
  }
  if (res.status === 401) return { problem: 'This token was not accepted: it is unknown, revoked or expired.' };
  if (res.status === 429) return { problem: 'Too many attempts: wait a moment and try again.' };
  const body = (await res.json().catch(() => ({}))) as { data?: ViewerQuery; errors?: Array<{ message: string }> };
  if (!body.data) return { problem: body.errors?.[0]?.message ?? `The server answered ${res.status}.` };
  return { viewer: body.data.viewer };
}

/** The sign-in page: a token in, kept in this tab's sessionStorage once the server accepts it. */
export function SignIn({
  initialToken,
  notice,
  onSignedIn,
}: {
  initialToken: string | null;
  notice: string | undefined;
  /** `token` null: signed in with the identity provider (the session cookie). */
  onSignedIn: (token: string | null, viewer: Viewer) => void;
}) {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | undefined>(notice);
  const [busy, setBusy] = useState(false);

  const signIn = async (candidate: string) => {
    setBusy(true);
    const r = await checkToken(candidate);
    setBusy(false);
    if ('problem' in r) {
      setProblem(r.problem);
      return;
    }
    storeToken(candidate);
    onSignedIn(candidate, r.viewer);
  };

  // A reload keeps the tab's session: check the stored token once, or else the session cookie
  // (back from the identity provider); no cookie is no message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount
  useEffect(() => {
    if (initialToken) void signIn(initialToken);
    else
      void checkToken(null).then((r) => {
        if ('viewer' in r) onSignedIn(null, r.viewer);
      });
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = token.trim();
    if (t) void signIn(t);
  };

  return (
    <div className="sign-in">
      <form onSubmit={submit} className="card">
        <h1>Wheelhouse</h1>
        <p className="muted">
          Sign in with an API token. It stays in this tab only and is forgotten when you sign out.
        </p>
        <label>
          API token
          <input
            name="token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="whk_…"
            required
          />
        </label>
        {problem ? (
          <p className="banner error" role="alert" data-testid="sign-in-error">
            {problem}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
          <a className="button secondary" href="/auth/login" data-testid="sso-sign-in">
            Sign in with your organisation
          </a>
        </div>
      </form>
    </div>
  );
}
