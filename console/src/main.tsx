import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import { Provider } from 'urql';
import { CSRF_HEADERS, createConsoleClient } from './client.js';
import { ConsoleContext, type ConsoleSession } from './console-context.js';
import type { Scope } from './generated/graphql.js';
import { AuditPage } from './pages/audit-page.js';
import { InstancePage } from './pages/instance-page.js';
import { InstancesPage } from './pages/instances-page.js';
import { ProvidersPage } from './pages/providers-page.js';
import { ProvisionPage } from './pages/provision-page.js';
import { SecretsPage } from './pages/secrets-page.js';
import { SignIn, type Viewer } from './pages/sign-in.js';
import { TokensPage } from './pages/tokens-page.js';
import { WebhooksPage } from './pages/webhooks-page.js';
import { forgetToken, storedToken } from './session.js';
import './styles.css';

function App() {
  // `token` null: a person signed in with the identity provider, on the session cookie.
  const [signedIn, setSignedIn] = useState<{ token: string | null; viewer: Viewer } | null>(null);
  const [notice, setNotice] = useState<string>();
  const signOut = useCallback((why?: string) => {
    forgetToken();
    // Ends the session on the server too (a no-op without one); the cookie then opens nothing. The sign-in
    // page shows only once that is done: it checks the cookie as it opens, and would find it still good.
    void fetch('/auth/logout', { method: 'POST', headers: CSRF_HEADERS })
      .catch(() => {})
      .finally(() => {
        setSignedIn(null);
        setNotice(why);
      });
  }, []);
  const client = useMemo(
    () =>
      signedIn ? createConsoleClient(signedIn.token, () => signOut('The server no longer accepts this token.')) : null,
    [signedIn, signOut],
  );
  useEffect(() => () => client?.dispose(), [client]);

  if (!signedIn || !client) {
    return (
      <SignIn
        initialToken={storedToken()}
        notice={notice}
        onSignedIn={(token, viewer) => setSignedIn({ token, viewer })}
      />
    );
  }
  // A person signed in with the identity provider is named, with their role.
  const { user, role } = signedIn.viewer;
  const person = user ? `${user.email ?? user.name ?? user.id} (${role?.toLowerCase() ?? 'no role'})` : undefined;
  const session: ConsoleSession = {
    ws: client.ws,
    socketOpen: client.socketOpen,
    tenantName: signedIn.viewer.tenant.name,
    scopes: signedIn.viewer.scopes,
    signOut: () => signOut(),
  };
  return (
    <ConsoleContext.Provider value={session}>
      <Provider value={client.urql}>
        <BrowserRouter>
          <Shell
            scopes={session.scopes}
            tenant={person ? `${person} · ${session.tenantName}` : session.tenantName}
            onSignOut={session.signOut}
          />
        </BrowserRouter>
      </Provider>
    </ConsoleContext.Provider>
  );
}

/** The frame around every page: navigation for what the token may see, the tenant, sign-out. */
function Shell({ scopes, tenant, onSignOut }: { scopes: readonly Scope[]; tenant: string; onSignOut: () => void }) {
  const can = (s: Scope) => scopes.includes(s);
  return (
    <div className="shell">
      <nav className="topbar">
        <span className="brand">Wheelhouse</span>
        <NavLink to="/instances">Instances</NavLink>
        {can('DEPLOY') ? <NavLink to="/provision">Provision</NavLink> : null}
        <NavLink to="/providers">Providers</NavLink>
        {can('ADMIN') || can('SYSTEM') ? <NavLink to="/tokens">Tokens</NavLink> : null}
        {can('READ') || can('SECRETS_WRITE') ? <NavLink to="/secrets">Secrets</NavLink> : null}
        {can('ADMIN') ? <NavLink to="/webhooks">Webhooks</NavLink> : null}
        {can('AUDIT') || can('ADMIN') ? <NavLink to="/audit">Audit</NavLink> : null}
        <span className="spacer" />
        <span className="who" title={scopes.join(', ')}>
          {tenant} <span className="who-scopes">· {scopes.join(' ').toLowerCase()}</span>
        </span>
        <button type="button" className="link signout" onClick={onSignOut}>
          Sign out
        </button>
      </nav>
      <main>
        <Routes>
          <Route path="/" element={<Navigate to="/instances" replace />} />
          <Route path="/instances" element={<InstancesPage />} />
          <Route path="/instances/:id" element={<InstancePage />} />
          <Route path="/provision" element={<ProvisionPage />} />
          <Route path="/providers" element={<ProvidersPage />} />
          <Route path="/tokens" element={<TokensPage />} />
          <Route path="/secrets" element={<SecretsPage />} />
          <Route path="/webhooks" element={<WebhooksPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route
            path="*"
            element={
              <p>
                Nothing here. <NavLink to="/instances">Instances</NavLink>
              </p>
            }
          />
        </Routes>
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
