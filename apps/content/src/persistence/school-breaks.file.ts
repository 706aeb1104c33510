import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SchoolBreak } from '@lib/pl-calendar';
import { type Logger } from '@lib/observability';
import { z } from 'zod';
import { SchoolBreaks } from '../domain/school-breaks';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'");
/** content/calendar/ferie-zimowe.json: `{ "_about": "…sources…", "2026": [{ from, to, voivodeships }] }`. */
const fileSchema = z
  .object({ _about: z.string().optional() })
  .catchall(
    z.array(z.object({ from: isoDate, to: isoDate, voivodeships: z.array(z.string().min(1)).min(1) })),
  );

export const SCHOOL_BREAKS_FILE = 'calendar/ferie-zimowe.json';

/**
 * Reads the school breaks once, from the same CONTENT_DIR as the editorial import. A missing or
 * malformed file leaves the calendar without break notes, loudly, never down.
 */
export function loadSchoolBreaks(contentDir: string, logger: Logger): SchoolBreaks {
  const file = path.join(contentDir, SCHOOL_BREAKS_FILE);
  try {
    const parsed = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    const byYear = new Map<number, SchoolBreak[]>();
    for (const [key, periods] of Object.entries(parsed)) {
      if (key === '_about' || !Array.isArray(periods)) continue;
      byYear.set(
        Number(key),
        periods.map((p) => ({ ...p, label: 'Ferie zimowe' })),
      );
    }
    return new SchoolBreaks(byYear);
  } catch (error) {
    logger.error({ err: error, file }, 'school breaks not loaded: calendar pages will have no ferie notes');
    return new SchoolBreaks(new Map());
  }
}
