import { config } from './instrument';
import 'reflect-metadata';
import { runService } from '@lib/service-kit';
import { ratesService } from './rates.service-definition';

void runService(ratesService, config);
