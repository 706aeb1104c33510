import { config } from './instrument';
import 'reflect-metadata';
import { runService } from '@lib/service-kit';
import { contentService } from './content.service-definition';

void runService(contentService, config);
