import type { HttpClient } from '@blockyard/core';
import { SUCCESS_STATUSES, TARGET_HEADER, type ApiErrorBody } from '../protocol/api-types.ts';

/** Spec 000 §8: an answer outside the success statuses. */
export class CloudHttpError extends Error {
  override name = 'CloudHttpError';
  constructor(
    readonly status: number,
    readonly url: string,
    /** The server's error body, when it sent one. */
    readonly body: ApiErrorBody | undefined,
    /** The server's plain-words message, or the answer's text. */
    readonly serverMessage: string,
  ) {
    super(`Bad HTTP status code: ${status} at ${url}; message: ${serverMessage}`);
  }
}

export interface CloudApiOptions {
  readonly http: HttpClient;
  /** The server's address without a trailing slash; '' for the page's own server. */
  readonly baseUrl: string;
  /** Sent in the target header of every call (spec 000 §7). */
  readonly target: string;
  /** The stored auth token, or null when signed out. */
  readonly token: () => string | null;
  /** Any 401 except from the logout call: the session is gone (spec 000 §4, §8). */
  readonly onUnauthorized: () => void;
}

export interface CallOptions {
  /** A token to send instead of the stored one (the sign-in's code verifier). */
  readonly bearer?: string;
  /** More headers for this call (e.g. a share's unpublish key). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const LOGOUT_PATH = '/api/auth/logout';

/**
 * The server's API as the client calls it: JSON in and out, the target header and the token on
 * every call (the browser's HttpClient sends cookies with them), errors as CloudHttpError.
 */
export class CloudApi {
  constructor(private readonly options: CloudApiOptions) {}

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    call: CallOptions = {},
  ): Promise<T> {
    const { text } = await this.send(method, path, body, call);
    return (text === '' ? undefined : parseJson(text)) as T;
  }

  /**
   * The same call, answering with the status, headers and text (for ETags, 204 and 304, and
   * answers that are not JSON). Statuses outside the success set still throw CloudHttpError.
   */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    call: CallOptions = {},
  ): Promise<CloudResponse> {
    const url = `${this.options.baseUrl}${path}`;
    const headers: Record<string, string> = { ...call.headers, [TARGET_HEADER]: this.options.target };
    const token = call.bearer ?? this.options.token();
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.options.http.request({
      method,
      url,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!SUCCESS_STATUSES.includes(response.status) && response.status !== 204) {
      if (response.status === 401 && !path.startsWith(LOGOUT_PATH)) this.options.onUnauthorized();
      const errorBody = parseJson(text) as ApiErrorBody | undefined;
      const message = typeof errorBody?.message === 'string' ? errorBody.message : text.slice(0, 200);
      throw new CloudHttpError(response.status, url, errorBody, message);
    }
    return { status: response.status, headers: lowerCaseKeys(response.headers), text, url };
  }
}

/** An answer the server accepted, as `CloudApi.send` returns it (header names in lower case). */
export interface CloudResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  readonly url: string;
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
