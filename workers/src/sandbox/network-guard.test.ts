import { describe, expect, it } from 'vitest';
import {
  addressBlockReason,
  BlockedRequestError,
  classifyAddress,
  embeddedIPv4,
  resolveTarget,
  type LookupAll,
} from '@patchbay/runtime/network';

const fakeDns =
  (table: Record<string, string[]>): LookupAll =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['[::1]', 'loopback'],
    // SIIT's IPv4-translated form (::ffff:0:a.b.c.d) is judged by its IPv4 address too.
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::ffff:0:8.8.8.8', 'public'],
    // ISATAP interface ids, after any prefix, add their IPv4 address's reason to block.
    ['2606:4700::5efe:7f00:1', 'loopback'],
    ['2606:4700::200:5efe:a00:1', 'private'],
    ['2606:4700::5efe:808:808', 'public'],
    ['fe80::5efe:808:808', 'link-local'],
    // Blocked whole: the local-use NAT64 prefix (the IPv4 address sits where its operator
    // chose), Teredo and the rest of the IETF protocol assignments, and all but 2000::/3.
    ['64:ff9b:1::a00:1', 'reserved'],
    ['64:ff9b:1:fffe::8.8.8.8', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['192.88.99.1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('reads the IPv4 address inside mapped, compatible, NAT64 and 6to4 forms', () => {
    expect(embeddedIPv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIPv4('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2002:a9fe:a9fe::1')).toBe('169.254.169.254');
    expect(embeddedIPv4('::ffff:0:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('2606:4700::1111')).toBeNull();
    expect(embeddedIPv4('::1')).toBeNull();
  });
});

describe('addressBlockReason', () => {
  it('blocks every non-public address by default', () => {
    expect(addressBlockReason('8.8.8.8', false)).toBeNull();
    expect(addressBlockReason('127.0.0.1', false)).toBe('a loopback address');
    expect(addressBlockReason('::ffff:127.0.0.1', false)).toBe('a loopback address');
    expect(addressBlockReason('10.0.0.1', false)).toBe('a private address');
    expect(addressBlockReason('fd12::1', false)).toBe('a unique-local address');
    expect(addressBlockReason('0.0.0.0', false)).toBe('an unspecified address');
  });

  it('opens loopback and private ranges for development, never metadata or link-local', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '192.168.1.1',
      'fd12::1',
      '100.64.0.1',
    ]) {
      expect(addressBlockReason(address, true), address).toBeNull();
    }
    expect(addressBlockReason('169.254.169.254', true)).toBe('a cloud metadata address');
    expect(addressBlockReason('::ffff:169.254.169.254', true)).toBe('a cloud metadata address');
    expect(addressBlockReason('fd00:ec2::254', true)).toBe('a cloud metadata address');
    expect(addressBlockReason('169.254.10.10', true)).toBe('a link-local address');
    expect(addressBlockReason('fe80::1', true)).toBe('a link-local address');
    expect(addressBlockReason('0.0.0.0', true)).toBe('an unspecified address');
  });
});

describe('resolveTarget', () => {
  const guard = { allowPrivateNetwork: false, lookup: fakeDns({}) };

  it.each([
    'http://127.0.0.1/',
    'http://127.1:8080/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://0.0.0.0/',
    'http://0/',
    'https://10.0.0.1/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[2606:4700::5efe:a9fe:a9fe]/',
  ])('blocks the literal address in %s without a lookup', async (url) => {
    await expect(resolveTarget(new URL(url), guard)).rejects.toThrow(BlockedRequestError);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'data:text/plain,hi', 'ws://example.com/'])(
    'allows only http and https: %s',
    async (url) => {
      await expect(resolveTarget(new URL(url), guard)).rejects.toThrow(
        /only http and https URLs are allowed/,
      );
    },
  );

  it('refuses URLs with credentials in them', async () => {
    await expect(resolveTarget(new URL('http://user:pw@example.com/'), guard)).rejects.toThrow(
      /credentials/,
    );
  });

  it('blocks a name that resolves to loopback (the real resolver, localhost)', async () => {
    await expect(
      resolveTarget(new URL('http://localhost:1234/'), { allowPrivateNetwork: false }),
    ).rejects.toThrow('blocked by the network guard: localhost resolves to a loopback address');
  });

  it('checks every address a name resolves to, not only the first', async () => {
    const lookup = fakeDns({ 'mixed.test': ['93.184.216.34', '10.0.0.7'] });
    await expect(
      resolveTarget(new URL('https://mixed.test/'), { allowPrivateNetwork: false, lookup }),
    ).rejects.toThrow('blocked by the network guard: mixed.test resolves to a private address');
  });

  it('returns the checked address to connect to', async () => {
    const lookup = fakeDns({ 'api.example.test': ['93.184.216.34', '2606:2800:220:1::1'] });
    await expect(
      resolveTarget(new URL('https://api.example.test/v1'), { allowPrivateNetwork: false, lookup }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('allows loopback with allowPrivateNetwork, and still blocks the metadata address', async () => {
    const open = {
      allowPrivateNetwork: true,
      lookup: fakeDns({ 'metadata.test': ['169.254.169.254'] }),
    };
    await expect(resolveTarget(new URL('http://127.0.0.1:99/'), open)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveTarget(new URL('http://169.254.169.254/'), open)).rejects.toThrow(
      BlockedRequestError,
    );
    await expect(resolveTarget(new URL('http://metadata.test/'), open)).rejects.toThrow(
      'a cloud metadata address',
    );
  });

  it('reports a name that does not resolve as a (retryable) lookup failure, not a block', async () => {
    const failure = resolveTarget(new URL('https://nowhere.test/'), guard);
    await expect(failure).rejects.toThrow('cannot resolve nowhere.test (ENOTFOUND)');
    await expect(failure).rejects.not.toBeInstanceOf(BlockedRequestError);
  });
});
