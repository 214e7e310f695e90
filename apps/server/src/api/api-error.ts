import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@blockyard/cloud/protocol';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An answer other than success, with plain words for the person and a stable code for programs. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** More fields for the body (e.g. the current project of a conflict). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function errorBody(statusCode: number, message: string, code?: string): ApiErrorBody {
  return { statusCode, error: reasons[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

/**
 * Every error answer has one shape (`ApiErrorBody`). Our ApiErrors say what happened; Fastify's
 * own (bad JSON, body too large, rate limits) keep their status with a plain message; anything
 * else is a 500 whose details stay in the log.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      void reply
        .code(error.statusCode)
        .send({ ...errorBody(error.statusCode, error.message, error.code), ...error.extra });
      return;
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Request failed');
      void reply.code(status).send(errorBody(status, 'Something went wrong on the server. Please try again.'));
      return;
    }
    const message =
      status === 413
        ? 'That is too big for the server to accept.'
        : status === 429
          ? 'Too many requests: please wait a minute and try again.'
          : error.validation
            ? `The request was not understood: ${error.message}`
            : error.message;
    void reply.code(status).send(errorBody(status, message, status === 429 ? 'rate-limited' : error.code));
  });
}
