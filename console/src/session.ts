/**
 * The signed-in token, kept in this tab's sessionStorage only: never in a URL
 * or a cookie, gone when the tab closes or the user signs out.
 */
const KEY = 'wheelhouse.token';

export function storedToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function storeToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}
