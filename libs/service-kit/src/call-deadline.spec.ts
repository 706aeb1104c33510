import { status } from '@grpc/grpc-js';
import { CallDeadline } from './call-deadline';
import { type ServiceError } from './errors';

const caught = (fn: () => void): ServiceError | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error as ServiceError;
  }
};

describe('CallDeadline', () => {
  it('reads the deadline and the cancellation of a grpc-js server call', () => {
    let now = 1_000;
    const call = { getDeadline: () => 1_500, cancelled: false };
    const deadline = CallDeadline.of(call, () => now);

    expect(deadline.remainingMs()).toBe(500);
    expect(deadline.expired).toBe(false);
    expect(() => deadline.assertTimeLeft()).not.toThrow();

    now = 1_500;
    expect(deadline.expired).toBe(true);
    expect(caught(() => deadline.assertTimeLeft())).toMatchObject({ code: status.DEADLINE_EXCEEDED });

    now = 1_000;
    call.cancelled = true;
    expect(deadline.expired).toBe(true);
    expect(caught(() => deadline.assertTimeLeft())).toMatchObject({ code: status.CANCELLED });
  });

  it('accepts a Date deadline and treats a missing or infinite one as no deadline', () => {
    expect(CallDeadline.of({ getDeadline: () => new Date(2_000) }, () => 1_000).remainingMs()).toBe(1_000);
    expect(CallDeadline.of({ getDeadline: () => Infinity }).remainingMs()).toBe(Infinity);
    expect(CallDeadline.of(undefined).expired).toBe(false);
    expect(CallDeadline.of({}).remainingMs()).toBe(Infinity);
    expect(CallDeadline.none().expired).toBe(false);
  });

  it('builds a fixed deadline for work outside a call', () => {
    const deadline = CallDeadline.at(5_000, () => 4_000);
    expect(deadline.remainingMs()).toBe(1_000);
    expect(CallDeadline.at(5_000, () => 5_001).expired).toBe(true);
  });
});
