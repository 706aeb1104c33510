import { config } from './instrument';
import 'reflect-metadata';
import { runService } from '@lib/service-kit';
import { leadsService } from './leads.service-definition';

void runService(leadsService, config);
