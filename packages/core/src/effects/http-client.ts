/** A minimal HTTP response, enough for JSON and text APIs. */
export interface HttpResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  text(): Promise<string>;
}

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Network access as an injected effect (fetch in the browser, a test server or a table in tests). */
export interface HttpClient {
  request(request: HttpRequest): Promise<HttpResponse>;
}
