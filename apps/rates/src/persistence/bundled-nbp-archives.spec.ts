import { BundledNbpArchives } from './bundled-nbp-archives';

describe('BundledNbpArchives', () => {
  const archives = new BundledNbpArchives();

  it('lists the shipped table A archives by year, 2016 to 2025', async () => {
    await expect(archives.tableAFiles()).resolves.toEqual(
      Array.from({ length: 10 }, (_, i) => `archiwum_tab_a_${2016 + i}.csv`),
    );
  });

  it('reads an archive as text decoded from Windows-1250', async () => {
    const text = await archives.read('archiwum_tab_a_2025.csv');
    expect(text.split('\n')[0]).toMatch(/^data;1THB;1USD;.*;pełny numer tabeli;/);
    expect(text).toContain('dolar amerykański');
  });
});
