// Reference solution for b06: HubSpot contacts in lifecycle stage customer → Mailchimp members
// (PUT by subscriber hash: adds new ones, updates existing ones).
function md5(text) {
  // A small MD5 (RFC 1321) over UTF-8, since the sandbox has no crypto module or TextEncoder.
  const utf8 = unescape(encodeURIComponent(text));
  const bytes = Array.from(utf8, (ch) => ch.charCodeAt(0));
  const length = bytes.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  for (let i = 0; i < 8; i++) bytes.push(Math.floor(length / 2 ** (8 * i)) & 0xff);
  const s = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
    14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ];
  const k = Array.from(
    { length: 64 },
    (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0,
  );
  let a0 = 0x67452301,
    b0 = 0xefcdab89,
    c0 = 0x98badcfe,
    d0 = 0x10325476;
  for (let off = 0; off < bytes.length; off += 64) {
    const m = Array.from(
      { length: 16 },
      (_, i) =>
        bytes[off + i * 4] |
        (bytes[off + i * 4 + 1] << 8) |
        (bytes[off + i * 4 + 2] << 16) |
        (bytes[off + i * 4 + 3] << 24),
    );
    let a = a0,
      b = b0,
      c = c0,
      d = d0;
    for (let i = 0; i < 64; i++) {
      let f, g;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const tmp = d;
      d = c;
      c = b;
      const sum = (a + f + k[i] + m[g]) >>> 0;
      b = (b + ((sum << s[i]) | (sum >>> (32 - s[i])))) >>> 0;
      a = tmp;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0]
    .map((w) =>
      Array.from({ length: 4 }, (_, i) =>
        ((w >>> (8 * i)) & 0xff).toString(16).padStart(2, '0'),
      ).join(''),
    )
    .join('');
}

export default async function run(ctx) {
  const contacts = [];
  let after;
  do {
    const res = await ctx.source.post('/crm/v3/objects/contacts/search', {
      json: {
        filterGroups: [
          { filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'customer' }] },
        ],
        properties: ['email', 'firstname', 'lastname', 'lifecyclestage'],
        limit: 100,
        ...(after ? { after } : {}),
      },
    });
    contacts.push(...res.results);
    after = res.paging?.next?.after;
  } while (after);
  for (const contact of contacts) {
    const { email, firstname, lastname } = contact.properties;
    if (!email) continue;
    await ctx.destination.put(`/lists/7c1e4b9a2f/members/${md5(email.toLowerCase())}`, {
      json: {
        email_address: email,
        status: 'subscribed',
        status_if_new: 'subscribed',
        merge_fields: { FNAME: firstname ?? '', LNAME: lastname ?? '' },
      },
    });
  }
}
