import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type NavigationDocument } from '../domain/content-model';
import { NAVIGATION_KEY } from './content-bundle.writer';
import { NavigationEntity } from './navigation.entity';

@Injectable()
export class NavigationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(): Promise<NavigationDocument | undefined> {
    const row = await this.dataSource.getRepository(NavigationEntity).findOneBy({ key: NAVIGATION_KEY });
    return row?.document;
  }
}
