import { Module } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { loadContentConfig } from '../content.config';
import { CalendarController } from './calendar.controller';
import { SchoolBreaks } from './school-breaks';

@Module({
  controllers: [CalendarController],
  providers: [
    {
      provide: SchoolBreaks,
      inject: [LOGGER],
      // Same CONTENT_DIR as the editorial import: content/calendar/ferie-zimowe.json.
      useFactory: (logger: Logger) => SchoolBreaks.load(loadContentConfig().CONTENT_DIR, logger),
    },
  ],
})
export class CalendarModule {}
