import { config } from './instrument';
import 'reflect-metadata';
import { runService } from '@lib/service-kit';
import { offersService } from './offers.service-definition';

void runService(offersService, config);
