/**
 * Which push endpoints Billow will send to. A browser's subscription names a URL Billow's server
 * then connects to, so an endpoint is a way to make the server open connections: only the public
 * push services' hosts are accepted (FCM for Chrome, Edge's and others', Mozilla's autopush,
 * Apple's, Windows'), over https, never an IP literal, and never a name that resolves to a
 * private, loopback or link-local address. The check runs when a browser subscribes and again
 * before each push (a name can change what it resolves to); the sender's connections resolve
 * through the same check, so a name cannot switch addresses between the two.
 */
import dns from 'node:dns';
import net from 'node:net';
import { PushEndpointRefusedError } from './push-sender';

/** The push services' hosts: exact names, or `.suffix` for any name under it. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** True for an address Billow must not connect to (private, loopback, link-local, …). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type PushEndpointGuard = {
  /** Resolves when Billow may send to this endpoint; else a PushEndpointRefusedError. */
  check(endpoint: string): Promise<void>;
};

export function createPushEndpointGuard(
  options: {
    /**
     * Hosts trusted as they are (a push service of one's own, the tests' fake): not matched
     * against the list, nor their addresses checked.
     */
    trustedHosts?: readonly string[];
    lookup?: Lookup;
  } = {},
): PushEndpointGuard {
  const lookup = options.lookup ?? systemLookup;
  const trusted = new Set(options.trustedHosts ?? []);
  return {
    async check(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        throw new PushEndpointRefusedError('The endpoint is not a URL.');
      }
      if (trusted.has(url.host) || trusted.has(url.hostname)) return;
      if (url.protocol !== 'https:')
        throw new PushEndpointRefusedError('The endpoint is not an https URL.');
      if (url.username || url.password)
        throw new PushEndpointRefusedError('The endpoint carries credentials.');
      const host = url.hostname.toLowerCase().replace(/\.$/, '');
      if (net.isIP(host.replace(/^\[|\]$/g, '')))
        throw new PushEndpointRefusedError('The endpoint is an IP address.');
      const isKnown = PUSH_SERVICE_HOSTS.some((known) =>
        known.startsWith('.') ? host.endsWith(known) : host === known,
      );
      if (!isKnown)
        throw new PushEndpointRefusedError("The endpoint is not a known push service's.");
      let addresses: string[];
      try {
        addresses = await lookup(host);
      } catch {
        throw new PushEndpointRefusedError('The endpoint does not resolve.');
      }
      if (addresses.length === 0 || addresses.some(isPrivateAddress))
        throw new PushEndpointRefusedError('The endpoint resolves to a private address.');
    },
  };
}

/**
 * A `lookup` for the sender's connections that refuses private addresses, so a name that
 * resolved to a public address at the check cannot resolve to a private one at connect time.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    if (options.all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
