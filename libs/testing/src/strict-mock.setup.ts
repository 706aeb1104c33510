// Loaded by jest.preset.cjs (setupFilesAfterEnv) in every test file: a test during which a strict
// mock received a call nobody stubbed fails, even when the code under test caught the error.
import { takeUnexpectedCalls, UnexpectedCallError } from './strict-mock';

afterEach(() => {
  const calls = takeUnexpectedCalls();
  if (calls.length > 0) throw new UnexpectedCallError(calls[0]!);
});
