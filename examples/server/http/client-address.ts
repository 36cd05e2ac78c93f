// The address a per-address limit counts: the client's IPv4 address, or the /64 network of its
// IPv6 address. One IPv6 host is handed a whole /64 (2^64 addresses) and can take a fresh one per
// connection, so a limit keyed on the full IPv6 address would not limit it at all. Pure.
import { isIPv4, isIPv6 } from 'node:net';

/** `::ffff:192.0.2.1` (IPv4 in IPv6 form, as a dual-stack server sees IPv4 clients) → `192.0.2.1`; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`. */
export function addressKey(remote: string | undefined): string {
  if (!remote) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(remote)) return remote;
  const [head = '', tail] = remote.split('%')[0]!.toLowerCase().split('::');
  const groups = (text: string): string[] => (text === '' ? [] : text.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) takes the last two groups.
  const width = right.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const hextets = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - width)).fill('0'), ...right];
  return `${hextets.slice(0, 4).map((h) => h.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
