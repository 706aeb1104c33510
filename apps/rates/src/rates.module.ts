import { Module } from '@nestjs/common';
import { NbpTablesRepository } from './persistence/nbp-tables.repository';
import { RatesController } from './rates.controller';

@Module({ controllers: [RatesController], providers: [NbpTablesRepository] })
export class RatesModule {}
