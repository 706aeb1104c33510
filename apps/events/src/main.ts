import { config } from './instrument';
import 'reflect-metadata';
import { runService } from '@lib/service-kit';
import { eventsService } from './events.service-definition';

void runService(eventsService, config);
