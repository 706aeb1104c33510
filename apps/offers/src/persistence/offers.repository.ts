import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OfferEntity } from './offer.entity';

@Injectable()
export class OffersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A country's offers in display order: editorial position, then header for ties. */
  async listByCountry(country: string, limit: number, offset: number): Promise<{ offers: OfferEntity[]; total: number }> {
    const [offers, total] = await this.dataSource.getRepository(OfferEntity).findAndCount({
      where: { country },
      order: { position: 'ASC', header: 'ASC' },
      take: limit,
      skip: offset,
    });
    return { offers, total };
  }
}
