import { status } from '@grpc/grpc-js';
import { type GrpcCallError } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { contentService } from '../src/content.service-definition';

describe('holiday calendar over gRPC', () => {
  let t: TestService<'content'>;
  beforeAll(async () => {
    t = await startTestService(contentService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers a year with twelve months, the art. 130 norm and the ferie from content/calendar', async () => {
    const calendar = await t.client.getHolidayCalendar({ year: 2026 });
    expect(calendar.months).toHaveLength(12);
    expect(calendar.workingTime).toEqual({ days: 251, hours: 2008 });
    const january = calendar.months[0]!;
    expect(january.holidays).toEqual([1, 6]);
    expect(january.totals).toEqual({ workingDays: 20, freeDays: 11, holidayDays: 2 });
    expect(january.schoolBreakNotes.join(' ')).toContain('Ferie zimowe 19 stycznia – 1 lutego: ');
    expect(calendar.months[11]!.holidayLines.map((l) => l.day)).toEqual([24, 25, 26]);
  });

  it('serves any year from 1990 to 2100, without ferie notes where no data exists', async () => {
    const early = await t.client.getHolidayCalendar({ year: 1990 });
    expect(early.months[0]!.holidays).toEqual([1]);
    expect(early.months.flatMap((m) => m.schoolBreakNotes)).toEqual([]);
  });

  it('rejects a year outside 1990–2100 with INVALID_ARGUMENT on the field', async () => {
    const error = (await t.client
      .getHolidayCalendar({ year: 1989 })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([{ field: 'year', description: 'must be from 1990 to 2100' }]);
  });
});
