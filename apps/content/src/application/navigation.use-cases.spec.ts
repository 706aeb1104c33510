import { MemoryCache } from '@lib/cache';
import { notFound } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { sameServiceError } from '../../test/support/service-errors';
import { type NavigationDocument } from '../domain/content-model';
import { type NavigationRepository } from '../persistence/navigation.repository';
import { NavigationUseCases } from './navigation.use-cases';

const document: NavigationDocument = {
  menuGroups: [{ title: 'Pożyczki', imageUrl: '/assets/menu/pozyczki.svg', columns: [] }],
  footerColumns: [
    { id: 'loans', title: 'Pożyczki', links: [{ text: 'Mała pożyczka', link: '/mala-pozyczka/', icon: '' }] },
  ],
  dataRemovalLink: { text: 'Usuń moje dane', link: 'https://example.pl/unsubscribe/', icon: '' },
  partners: [{ name: 'Vivus', imageUrl: '/assets/partners/vivus.svg', link: '/opinie-o-pozyczkach/vivus/' }],
};

describe('NavigationUseCases', () => {
  it('answers the imported navigation document, cached under cache:navigation', async () => {
    const cache = new MemoryCache({ logger: silentLogger() });
    const find = jest.fn().mockResolvedValue(document);
    const useCases = new NavigationUseCases(strictMock<NavigationRepository>('navigation', { find }), cache);

    await expect(useCases.getNavigation()).resolves.toEqual(document);
    await useCases.getNavigation();
    expect(find).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:navigation')).toBeDefined();
  });

  it('answers NOT_FOUND before the first import', async () => {
    const useCases = new NavigationUseCases(
      strictMock<NavigationRepository>('navigation', { find: jest.fn().mockResolvedValue(undefined) }),
      new MemoryCache({ logger: silentLogger() }),
    );
    await expect(useCases.getNavigation()).rejects.toEqual(sameServiceError(notFound('navigation', 'main')));
  });
});
