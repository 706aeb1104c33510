import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type NavigationDocument } from '../import/model';
import { NAVIGATION_KEY } from '../import/write-bundle';
import { NavigationEntity } from './navigation.entity';

@Injectable()
export class NavigationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(): Promise<NavigationDocument | undefined> {
    const row = await this.dataSource.getRepository(NavigationEntity).findOneBy({ key: NAVIGATION_KEY });
    return row?.document;
  }
}
