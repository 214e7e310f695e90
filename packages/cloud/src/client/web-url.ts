// URL and URLSearchParams exist in every browser, worker and Node, but not in the plain ES library
// this package is checked against (no DOM, no Node types): declare the little we use.

interface QueryParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
  forEach(callback: (value: string, name: string) => void): void;
  toString(): string;
}

export interface WebUrl {
  href: string;
  origin: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: QueryParams;
}

declare const URL: new (url: string, base?: string) => WebUrl;
declare const URLSearchParams: new (init?: string | Record<string, string>) => QueryParams;

export function parseUrl(url: string, base?: string): WebUrl {
  return new URL(url, base);
}

export function queryString(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
