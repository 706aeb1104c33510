import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PageEntity } from './page.entity';

@Injectable()
export class PagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  findPublished(path: string): Promise<PageEntity | null> {
    return this.dataSource.getRepository(PageEntity).findOneBy({ path, published: true });
  }
}
