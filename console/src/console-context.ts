import type { Client as WsClient } from 'graphql-ws';
import { createContext, useContext } from 'react';
import type { Scope } from './generated/graphql.js';

/** The signed-in session every page reads: who is signed in, what they may do, and the socket. */
export interface ConsoleSession {
  ws: WsClient;
  /** Whether the socket is open right now (a stream on an open socket is live before its first item). */
  socketOpen: () => boolean;
  tenantName: string;
  scopes: readonly Scope[];
  signOut: () => void;
}

export const ConsoleContext = createContext<ConsoleSession | null>(null);

export function useSession(): ConsoleSession {
  const session = useContext(ConsoleContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

/** Whether the token has `scope` (the server checks again; this only decides what is offered). */
export function useCan(scope: Scope): boolean {
  return useSession().scopes.includes(scope);
}
