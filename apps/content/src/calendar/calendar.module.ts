import { Module } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { type ContentConfig } from '../content.config';
import { CalendarController } from './calendar.controller';
import { SchoolBreaks } from './school-breaks';

@Module({
  controllers: [CalendarController],
  providers: [
    {
      provide: SchoolBreaks,
      inject: [LOGGER, SERVICE_CONFIG],
      // Same CONTENT_DIR as the editorial import: content/calendar/ferie-zimowe.json.
      useFactory: (logger: Logger, config: ContentConfig) => SchoolBreaks.load(config.CONTENT_DIR, logger),
    },
  ],
})
export class CalendarModule {}
