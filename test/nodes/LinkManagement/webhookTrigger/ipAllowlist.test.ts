/**
 * The IP(s) Allowlist's reading and matching, without `node:net`: IPv4 and IPv6 addresses and
 * CIDR ranges, an IPv4 caller written as IPv6 matching its IPv4 entry, and every form that is
 * not an address refused by name rather than read as something else.
 */
import {
	isAllowed,
	parseAddress,
	parseRange,
	readAllowlist,
} from '../../../../nodes/LinkManagement/webhookTrigger/ipAllowlist';

/** Whether `caller` passes the allowlist `list` (which must be readable). */
function allows(list: string, caller: string | undefined): boolean {
	const reading = readAllowlist(list);
	if (reading.kind !== 'ranges') throw new Error(`${list} read as ${JSON.stringify(reading)}`);
	return isAllowed(reading.ranges, caller);
}

const hex = (bytes: Uint8Array | undefined) =>
	bytes &&
	Buffer.from(bytes)
		.toString('hex')
		.replace(/(.{4})(?!$)/g, '$1:');

describe('reading the list', () => {
	test.each([[''], ['   '], [' , ,'], [undefined], [null]])(
		'%j allows every caller (the default)',
		(list) => {
			expect(readAllowlist(list)).toEqual({ kind: 'everyone' });
		},
	);

	test('entries are separated by commas, spaces around them allowed, empty ones skipped', () => {
		const reading = readAllowlist(' 10.0.0.1 ,2001:db8::/32,, 192.168.0.0/16 ');
		expect(reading.kind).toBe('ranges');
		expect(reading.kind === 'ranges' && reading.ranges.length).toBe(3);
	});

	test('every entry that is not an address or a range is named, in the order typed', () => {
		expect(readAllowlist('10.0.0.1, 10.0.0.300, example.com,::1, 10.0.0.0/33')).toEqual({
			kind: 'wrong',
			entries: ['10.0.0.300', 'example.com', '10.0.0.0/33'],
		});
	});

	test('addresses separated by spaces only are one wrong entry, not two addresses', () => {
		expect(readAllowlist('10.0.0.1 10.0.0.2')).toEqual({
			kind: 'wrong',
			entries: ['10.0.0.1 10.0.0.2'],
		});
	});
});

describe('IPv4 addresses', () => {
	test.each([
		['0.0.0.0', '0000:0000:0000:0000:0000:ffff:0000:0000'],
		['10.1.2.3', '0000:0000:0000:0000:0000:ffff:0a01:0203'],
		['255.255.255.255', '0000:0000:0000:0000:0000:ffff:ffff:ffff'],
	])('%s is read as the IPv6 address that maps it (%s)', (text, bytes) => {
		expect(hex(parseAddress(text))).toBe(bytes);
	});

	test.each([
		['256.0.0.1', 'an octet above 255'],
		['10.0.0.999', 'an octet above 255'],
		['010.0.0.1', 'a leading zero (octal to some programs)'],
		['10.00.0.1', 'a leading zero'],
		['10.0.1', 'three octets'],
		['10.0.0.1.5', 'five octets'],
		['10..0.1', 'an empty octet'],
		['10.0.0.-1', 'a sign'],
		['+10.0.0.1', 'a sign'],
		['0x0a.0.0.1', 'hexadecimal'],
		['10.0.0.1 ', 'a space inside the entry'],
		['10.0.0.1%eth0', 'a zone on IPv4'],
		['１０.0.0.1', 'digits that are not ASCII'],
		['', 'nothing'],
	])('%j is not an address (%s)', (text) => {
		expect(parseAddress(text)).toBeUndefined();
	});
});

describe('IPv6 addresses', () => {
	test.each([
		['::', '0000:0000:0000:0000:0000:0000:0000:0000'],
		['::1', '0000:0000:0000:0000:0000:0000:0000:0001'],
		['1::', '0001:0000:0000:0000:0000:0000:0000:0000'],
		['2001:db8::8:800:200c:417a', '2001:0db8:0000:0000:0008:0800:200c:417a'],
		['2001:DB8:0:0:8:800:200C:417A', '2001:0db8:0000:0000:0008:0800:200c:417a'],
		['1:2:3:4:5:6:7::', '0001:0002:0003:0004:0005:0006:0007:0000'],
		['::2:3:4:5:6:7:8', '0000:0002:0003:0004:0005:0006:0007:0008'],
		['::ffff:10.1.2.3', '0000:0000:0000:0000:0000:ffff:0a01:0203'],
		['::ffff:a01:203', '0000:0000:0000:0000:0000:ffff:0a01:0203'],
		['0:0:0:0:0:ffff:10.1.2.3', '0000:0000:0000:0000:0000:ffff:0a01:0203'],
		['64:ff9b::192.0.2.33', '0064:ff9b:0000:0000:0000:0000:c000:0221'],
		['fe80::1%eth0', 'fe80:0000:0000:0000:0000:0000:0000:0001'],
		['fe80::1%3', 'fe80:0000:0000:0000:0000:0000:0000:0001'],
	])('%s is %s', (text, bytes) => {
		expect(hex(parseAddress(text))).toBe(bytes);
	});

	test.each([
		[':::', 'three colons'],
		['1::2::3', 'two "::"'],
		['1:2:3:4:5:6:7:8:9', 'nine groups'],
		['1:2:3:4:5:6:7', 'seven groups without "::"'],
		['1:2:3:4:5:6:7:8::', 'eight groups and "::"'],
		['12345::1', 'a group of five digits'],
		['g::1', 'a letter that is not hexadecimal'],
		[':1:2:3:4:5:6:7', 'a single leading colon'],
		['1:2:3:4:5:6:7:', 'a single trailing colon'],
		['::ffff:10.1.2', 'an embedded IPv4 address of three octets'],
		['::ffff:10.1.2.300', 'an embedded octet above 255'],
		['::ffff:010.1.2.3', 'an embedded octet with a leading zero'],
		['10.1.2.3::', 'an IPv4 address before "::"'],
		['::10.1.2.3:ffff', 'an IPv4 address that does not end the address'],
		['1:2:3:4:5:6:7:10.1.2.3', 'nine words with the IPv4 address'],
		['fe80::1%', 'an empty zone'],
		['[::1]', 'brackets'],
		['-::1', 'a sign'],
	])('%j is not an address (%s)', (text) => {
		expect(parseAddress(text)).toBeUndefined();
	});
});

describe('CIDR ranges', () => {
	test.each([
		['10.0.0.0/8', 104],
		['10.1.2.3/32', 128],
		['0.0.0.0/0', 96],
		['2001:db8::/32', 32],
		['::/0', 0],
		['::1/128', 128],
		['10.1.2.3', 128],
	])('%s fixes the first %s of the 128 bits (an IPv4 prefix counts after 96)', (text, prefix) => {
		expect(parseRange(text)?.prefix).toBe(prefix);
	});

	test.each([
		['10.0.0.0/33', 'an IPv4 prefix above 32'],
		['2001:db8::/129', 'an IPv6 prefix above 128'],
		['10.0.0.0/', 'no prefix after the slash'],
		['10.0.0.0/08', 'a prefix with a leading zero'],
		['10.0.0.0/-1', 'a negative prefix'],
		['10.0.0.0/8/8', 'two slashes'],
		['10.0.0.0/255.0.0.0', 'a netmask instead of a prefix'],
		['/8', 'no address'],
		['10.0.0.0 / 8', 'spaces around the slash'],
	])('%j is not a range (%s)', (text) => {
		expect(parseRange(text)).toBeUndefined();
	});
});

describe('matching callers', () => {
	test('an address allows itself only', () => {
		expect(allows('203.0.113.7', '203.0.113.7')).toBe(true);
		expect(allows('203.0.113.7', '203.0.113.8')).toBe(false);
		expect(allows('2001:db8::7', '2001:0db8:0:0::7')).toBe(true);
		expect(allows('2001:db8::7', '2001:db8::8')).toBe(false);
	});

	test('/32 and /128 are one address', () => {
		expect(allows('203.0.113.7/32', '203.0.113.7')).toBe(true);
		expect(allows('203.0.113.7/32', '203.0.113.6')).toBe(false);
		expect(allows('2001:db8::7/128', '2001:db8::7')).toBe(true);
		expect(allows('2001:db8::7/128', '2001:db8::6')).toBe(false);
	});

	test('a range allows what its prefix covers, bit by bit', () => {
		expect(allows('192.168.0.0/16', '192.168.255.1')).toBe(true);
		expect(allows('192.168.0.0/16', '192.169.0.1')).toBe(false);
		expect(allows('10.0.0.0/9', '10.127.0.1')).toBe(true);
		expect(allows('10.0.0.0/9', '10.128.0.1')).toBe(false);
		expect(allows('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
		expect(allows('2001:db8::/32', '2001:db9::1')).toBe(false);
		expect(allows('2001:db8::/33', '2001:db8:7fff::1')).toBe(true);
		expect(allows('2001:db8::/33', '2001:db8:8000::1')).toBe(false);
	});

	test('host bits set in a range are ignored, as the prefix says', () => {
		expect(allows('10.1.2.3/8', '10.200.0.1')).toBe(true);
	});

	test('/0: 0.0.0.0/0 allows every IPv4 caller, ::/0 every caller', () => {
		expect(allows('0.0.0.0/0', '198.51.100.1')).toBe(true);
		expect(allows('0.0.0.0/0', '::ffff:198.51.100.1')).toBe(true);
		expect(allows('0.0.0.0/0', '2001:db8::1')).toBe(false);
		expect(allows('::/0', '2001:db8::1')).toBe(true);
		expect(allows('::/0', '198.51.100.1')).toBe(true);
	});

	test('an IPv4 caller n8n sees as ::ffff:a.b.c.d matches its IPv4 entry and range', () => {
		expect(allows('10.1.2.3', '::ffff:10.1.2.3')).toBe(true);
		expect(allows('10.0.0.0/8', '::ffff:10.1.2.3')).toBe(true);
		expect(allows('10.0.0.0/8', '::FFFF:a01:203')).toBe(true);
		expect(allows('10.0.0.0/8', '::ffff:11.1.2.3')).toBe(false);
		// …and an entry written that way matches the caller written as IPv4.
		expect(allows('::ffff:10.1.2.3', '10.1.2.3')).toBe(true);
	});

	test('an IPv4 address embedded otherwise (NAT64, compatible) is not that IPv4 caller', () => {
		expect(allows('192.0.2.33', '64:ff9b::192.0.2.33')).toBe(false);
		expect(allows('192.0.2.33', '::192.0.2.33')).toBe(false);
	});

	test('the loopback addresses are two: 127.0.0.1 is not ::1', () => {
		expect(allows('127.0.0.1', '::1')).toBe(false);
		expect(allows('::1', '127.0.0.1')).toBe(false);
		expect(allows('127.0.0.0/8, ::1', '::1')).toBe(true);
	});

	test("a caller's zone is ignored", () => {
		expect(allows('fe80::/10', 'fe80::1%eth0')).toBe(true);
	});

	test('any entry of the list may allow the caller', () => {
		expect(allows('10.0.0.1, 2001:db8::/32, 192.168.1.0/24', '192.168.1.77')).toBe(true);
		expect(allows('10.0.0.1, 2001:db8::/32, 192.168.1.0/24', '192.168.2.77')).toBe(false);
	});

	test.each([[undefined], [''], ['unknown'], ['10.0.0.300'], ['::ffff:10.0.0']])(
		'a caller whose address is %j is refused, even by ::/0',
		(caller) => {
			expect(allows('::/0, 0.0.0.0/0', caller)).toBe(false);
		},
	);
});
