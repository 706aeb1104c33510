import { FORM_KEY_SLOT } from '../../app/form-state';
import { FormKeyFiller } from './form-keys';

const keys = () => {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
};
const document = Buffer.from(`<form><input value="${FORM_KEY_SLOT}"/></form><p>ż</p><input value="${FORM_KEY_SLOT}"/>`, 'utf8');
const filled = '<form><input value="00000000-0000-4000-8000-000000000001"/></form><p>ż</p><input value="00000000-0000-4000-8000-000000000002"/>';

describe('FormKeyFiller', () => {
  it('puts a fresh key in place of each slot of a whole document, and leaves a document without slots as it is', () => {
    expect(FormKeyFiller.fill(document, keys()).toString('utf8')).toBe(filled);
    const plain = Buffer.from('<p>bez formularza</p>');
    expect(FormKeyFiller.fill(plain)).toBe(plain);
  });

  it('fills a slot split between two chunks at any byte, holding back only its start', () => {
    for (let cut = 1; cut < document.length; cut += 1) {
      const filler = new FormKeyFiller(keys());
      const first = filler.push(document.subarray(0, cut));
      const rest = filler.end(document.subarray(cut));
      expect(Buffer.concat([first, rest]).toString('utf8')).toBe(filled);
    }
  });

  it('fills the same in many small chunks as in one', () => {
    const filler = new FormKeyFiller(keys());
    const parts: Buffer[] = [];
    for (let at = 0; at < document.length; at += 5) parts.push(filler.push(document.subarray(at, at + 5)));
    parts.push(filler.end(Buffer.alloc(0)));
    expect(Buffer.concat(parts).toString('utf8')).toBe(filled);
  });

  it('makes real UUID v4 keys, a different one per response', () => {
    const a = FormKeyFiller.fill(document).toString('utf8');
    const b = FormKeyFiller.fill(document).toString('utf8');
    const uuid = /value="([0-9a-f-]{36})"/;
    expect(uuid.exec(a)?.[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid.exec(a)?.[1]).not.toBe(uuid.exec(b)?.[1]);
  });
});
