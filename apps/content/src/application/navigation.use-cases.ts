import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type contentV1 } from '@lib/contracts';
import { CACHE, notFound } from '@lib/service-kit';
import { NavigationRepository } from '../persistence/navigation.repository';
import { CONTENT_CACHE_POLICY, cacheKey } from './content-cache';

/** Header menu groups, footer columns, the data-removal link and partners (navigation.yaml). */
@Injectable()
export class NavigationUseCases {
  constructor(
    private readonly navigation: NavigationRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async getNavigation(): Promise<contentV1.Navigation> {
    const navigation = await readThrough(
      this.cache,
      cacheKey('navigation'),
      CONTENT_CACHE_POLICY,
      async () => {
        const document = await this.navigation.find();
        if (!document) return null;
        return {
          menuGroups: document.menuGroups,
          footerColumns: document.footerColumns,
          partners: document.partners,
          dataRemovalLink: document.dataRemovalLink,
        };
      },
    );
    // Only before the first successful import; the gateway then falls back to its built-in menu.
    if (!navigation) throw notFound('navigation', 'main');
    return navigation;
  }
}
