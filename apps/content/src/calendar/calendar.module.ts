import { Module } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import path from 'node:path';
import { CalendarController } from './calendar.controller';
import { SchoolBreaks } from './school-breaks';

/** Editorial content folder: CONTENT_DIR, else the repo's (or the build's) content/ next to apps/. */
export const contentDir = () => process.env['CONTENT_DIR'] || path.resolve(__dirname, '../../../../content');

@Module({
  controllers: [CalendarController],
  providers: [{ provide: SchoolBreaks, inject: [LOGGER], useFactory: (logger: Logger) => SchoolBreaks.load(contentDir(), logger) }],
})
export class CalendarModule {}
