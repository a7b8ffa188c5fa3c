/**
 * Addresses a user gives (shared/addresses.ts) and the Base URL's normalisation built on them
 * (transport/baseUrl.ts), table by table, against the interface document.
 */
import { httpUrl, imageAddress } from '../../../../nodes/LinkManagement/shared/addresses';
import { apiRootFromBaseUrl } from '../../../../nodes/LinkManagement/transport/baseUrl';
import { expectRefused, refusal } from '../../../helpers/inputError';

describe('imageAddress (a logo, a preview image)', () => {
	test.each(['https://e.example/a.png', 'http://e.example/b.JPG'])('takes %j', (url) => {
		expect(imageAddress(url, 'Logo')).toBe(url);
	});

	test.each(['https://e.example/a.gif', 'e.example/a.png', 'https://e.example/png'])(
		'refuses %j',
		(url) => {
			expect(refusal(() => imageAddress(url, 'Logo'))).toMatch(/^'Logo' must be .*\.png or \.jpg/);
		},
	);
});

describe('httpUrl', () => {
	test.each([
		'https://go.example.com',
		'http://go.example.com',
		'HTTPS://EXAMPLE.COM/path?x=1',
		' https://example.com/404 ',
		'http://localhost:8080/x',
		'https://bücher.example',
	])('accepts %j', (value) => {
		expect(httpUrl(value, 'Domain')).toBe(value.trim());
	});

	test.each([
		'go.example.com',
		'ftp://go.example.com',
		'https://',
		'https:// example.com',
		'//example.com',
		'mailto:a@b.c',
		'',
		'https://exa mple.com',
		'https://example.com/a path',
		'https://.',
		'https://-bad-.example',
		'https://exa_mple.com',
		'https://.example.com',
		'http://example..com',
	])('refuses %j, saying http:// or https:// is expected', (value) => {
		expectRefused(httpUrl, value, 'Redirect Root', /http:\/\/ or https:\/\//);
	});
});

describe('apiRootFromBaseUrl', () => {
	test.each([
		['https://h.test', 'https://h.test/api'],
		['https://h.test/', 'https://h.test/api'],
		['https://h.test/api', 'https://h.test/api'],
		['https://h.test/api/', 'https://h.test/api'],
		['https://h.test/API', 'https://h.test/api'],
		['https://h.test/short', 'https://h.test/short/api'],
		['https://h.test/short/', 'https://h.test/short/api'],
		['https://h.test/short/api', 'https://h.test/short/api'],
		['https://h.test/short/api/', 'https://h.test/short/api'],
		['https://h.test//', 'https://h.test/api'],
		['http://h.test:8080/links', 'http://h.test:8080/links/api'],
		['  https://h.test/  ', 'https://h.test/api'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010/api'],
		['http://[::1]:4010/', 'http://[::1]:4010/api'],
		['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example/api'],
	])('%j → %j', (baseUrl, apiRoot) => {
		expect(apiRootFromBaseUrl(baseUrl)).toBe(apiRoot);
	});

	test.each([
		'ftp://h.test',
		'h.test',
		'',
		'   ',
		'https://h.test?x=1',
		'https://h.test/#top',
		'mailto:owner@h.test',
		'https://h test',
		'https://h.test/my links',
		'https://user:secret@h.test',
		'https://',
		'https://-h.test',
		undefined,
		null,
		42,
	])('refuses %j with a message about the Base URL', (baseUrl) => {
		const message = refusal(() => apiRootFromBaseUrl(baseUrl));
		expect(message).toContain('Base URL');
		expect(message).toMatch(/http\(s\)/);
	});
});
