/** An error that already knows its HTTP status; the error handler renders it without detail. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}
