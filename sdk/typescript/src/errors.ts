/** A non-2xx answer, with the service's error code and message when it sent them. */
export class SightlineError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "SightlineError";
  }
}
