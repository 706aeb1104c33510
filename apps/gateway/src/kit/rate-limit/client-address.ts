import { isIPv6 } from 'node:net';

/**
 * The key a visitor is counted under: the IPv4 address, or the /64 network of an IPv6 address
 * (one household or phone holds a whole /64, so single addresses would be free to rotate).
 * IPv4-mapped IPv6 ('::ffff:1.2.3.4') counts as the IPv4 address.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right]
    : left;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
