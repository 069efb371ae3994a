/**
 * Errors carry their HTTP status; the API's one error handler turns them into
 * `{ "error": "<message>" }`. Domain code throws these, never strings.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You must be signed in to do that.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message);
  }
}

/** The payment did not go through (a declined card): 402, with the gateway's message. */
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** Well-formed but unusable, e.g. an Idempotency-Key reused for a different request. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/** An upload over its size limit. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** An upload of a type that is not accepted, or whose bytes are not what it claims to be. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
