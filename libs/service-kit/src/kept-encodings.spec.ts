import { loadSync, type ServiceDefinition } from '@grpc/proto-loader';
import { deepFreeze } from '@lib/cache';
import { LOADER_OPTIONS, protoPathsFor } from '@lib/contracts';
import { encodeOncePerValue, withKeptEncodings } from './kept-encodings';

const loaded = loadSync(protoPathsFor('content'), LOADER_OPTIONS);
const kept = withKeptEncodings(loaded);
const service = (definition: typeof loaded) => definition['content.v1.ContentService'] as ServiceDefinition;

interface MenuColumn {
  title: string;
  id: string;
  links: { text: string; link: string; icon: string }[];
}

const navigation = () => ({
  menuGroups: [
    {
      title: 'Pożyczki',
      imageUrl: '',
      columns: [{ title: '', id: '', links: [{ text: 'Na raty', link: '/pozyczki-na-raty/', icon: '' }] }],
    },
  ],
  footerColumns: [] as MenuColumn[],
  partners: [],
  dataRemovalLink: { text: 'Usuń dane', link: '/unsubscribe/', icon: '' },
});

describe('withKeptEncodings', () => {
  const encode = service(kept)['GetNavigation']!.responseSerialize;
  const encodeAlways = service(loaded)['GetNavigation']!.responseSerialize;

  it('encodes a value the caches share once, with the bytes it would always get', () => {
    const shared = deepFreeze(navigation());
    const first = encode(shared);
    expect(encode(shared)).toBe(first);
    expect(first.equals(encodeAlways(navigation()))).toBe(true);
    expect(service(kept)['GetNavigation']!.responseDeserialize(first)).toMatchObject(navigation());
  });

  it('encodes any other answer per call, so a changed object is sent as it is now', () => {
    const plain = navigation();
    const first = encode(plain);
    plain.footerColumns.push({ title: 'Firma', id: 'company', links: [] });
    const second = encode(plain);
    expect(second).not.toBe(first);
    expect(second.equals(encodeAlways(plain))).toBe(true);
    expect(second.equals(first)).toBe(false);
  });

  it('keeps the rest of the definition as it was', () => {
    const original = service(loaded)['GetNavigation']!;
    const wrapped = service(kept)['GetNavigation']!;
    expect(wrapped.path).toBe(original.path);
    expect(wrapped.requestDeserialize).toBe(original.requestDeserialize);
    expect(wrapped.responseDeserialize).toBe(original.responseDeserialize);
    expect(kept['content.v1.Navigation']).toBe(loaded['content.v1.Navigation']);
    expect(Object.keys(service(kept))).toEqual(Object.keys(service(loaded)));
  });
});

describe('encodeOncePerValue', () => {
  it('keeps bytes per value: another shared value is encoded anew', () => {
    let calls = 0;
    const encode = encodeOncePerValue((value: { n: number }) => {
      calls += 1;
      return Buffer.from(String(value.n));
    });
    const one = deepFreeze({ n: 1 });
    const two = deepFreeze({ n: 2 });
    expect(encode(one).toString()).toBe('1');
    expect(encode(one).toString()).toBe('1');
    expect(encode(two).toString()).toBe('2');
    expect(calls).toBe(2);
  });
});
