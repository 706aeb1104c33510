import { parseFrontMatter } from './front-matter';

describe('parseFrontMatter', () => {
  it('splits YAML and body, keeping dates as strings, with LF or CRLF line ends and a BOM', () => {
    for (const eol of ['\n', '\r\n']) {
      const source = `\uFEFF---${eol}slug: placa-minimalna${eol}written: 2026-01-05${eol}---${eol}## Treść${eol}`;
      expect(parseFrontMatter(source)).toEqual({
        ok: true,
        data: { slug: 'placa-minimalna', written: '2026-01-05' },
        body: `## Treść${eol}`,
      });
    }
  });

  it('names what is wrong with the front matter', () => {
    expect(parseFrontMatter('---\ntitle: x\n')).toEqual({
      ok: false,
      field: 'front matter',
      message: 'not closed: no line "---" after the YAML',
    });
    const duplicate = parseFrontMatter('---\ntitle: a\ntitle: b\n---\n');
    expect(duplicate).toMatchObject({ ok: false, field: 'front matter' });
    expect(!duplicate.ok && duplicate.message).toMatch(
      /^invalid YAML \(line 3, column 1\): Map keys must be unique/,
    );
  });
});
