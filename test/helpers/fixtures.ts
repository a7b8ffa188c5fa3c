/**
 * Service answers shaped as the API reference describes them (links as real installations send them).
 */
import type { IDataObject } from 'n8n-workflow';

/** A list answer: `error` is the string "0" and `data` the pagination envelope. */
export function listAnswer(
	collectionKey: string,
	records: IDataObject[],
	{
		currentpage = 1,
		maxpage = 1,
		perpage = 50,
	}: { currentpage?: number; maxpage?: number; perpage?: number } = {},
): IDataObject {
	return {
		error: '0',
		data: {
			result: records.length,
			perpage,
			currentpage,
			nextpage: currentpage < maxpage ? currentpage + 1 : currentpage,
			maxpage,
			[collectionKey]: records,
		},
	};
}

/** Values that are not positive whole numbers, each of which must be refused as an ID. */
export const NOT_POSITIVE_WHOLE_NUMBERS = ['abc', '0', '-3', '1.5', ''];

/** A service timestamp (`YYYY-MM-DD HH:MM:SS`) `minutes` after 2024-01-01 00:00 UTC. */
export const minutesAfter2024 = (minutes: number) =>
	new Date(Date.UTC(2024, 0, 1) + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');

export const messageAnswer = (message: string) => ({ error: 0, message });

export const errorAnswer = (message: string) => ({ error: 1, message });

export const accountRecord = {
	id: 1,
	email: 'owner@example.com',
	username: 'owner',
	avatar: 'https://links.example.test/content/avatar/owner.png',
	status: 'pro',
	expires: '2026-01-31 00:00:00',
	registered: '2023-03-14 09:26:53',
};

export const campaignRecords = [
	{
		id: 11,
		name: 'Summer Sale',
		public: true,
		rotator: 'https://links.example.test/r/summer-sale',
		list: 'https://links.example.test/u/owner/summer-sale',
	},
	{
		id: 12,
		name: 'Newsletter',
		public: false,
		rotator: false,
		list: 'https://links.example.test/u/owner/newsletter',
	},
];

export const splashRecords = [
	{ id: 21, name: 'Product launch', date: '2024-05-02 10:00:00' },
	{ id: 22, name: 'Holiday promo', date: '2024-11-20 08:30:00' },
];

export const qrRecords = [
	{
		id: 31,
		link: 'https://links.example.test/qr/a1b2c3',
		scans: 120,
		name: 'Shop window',
		date: '2024-02-01 12:00:00',
	},
	{
		id: 32,
		link: 'https://links.example.test/qr/d4e5f6',
		scans: 0,
		name: 'Flyer',
		date: '2024-03-15 16:45:10',
	},
];

export const qrStatistics = {
	clicks: 120,
	uniqueClicks: 98,
	topCountries: { Germany: '60', France: '40' },
	topReferrers: { Direct: '100' },
	topBrowsers: { Firefox: '70', Safari: '50' },
	topOs: { Linux: '30', iOS: '90' },
	socialCount: { socialnet_a: 3, socialnet_b: 1, socialnet_c: 0 },
};

export const channelRecords = [
	{
		id: 41,
		name: 'Newsletter',
		description: 'Links sent by mail',
		color: '#1F6FEB',
		starred: true,
	},
	{ id: 42, name: 'Print', description: '', color: '#AABBCC', starred: false },
];

export const channelItemRecords = [
	{
		type: 'links',
		id: 501,
		title: 'Pricing page',
		preview: 'https://links.example.test/p/501',
		link: 'https://links.example.test/pricing',
		date: '2024-04-01',
	},
	{
		type: 'qr',
		id: 31,
		title: 'Shop window',
		preview: 'https://links.example.test/p/qr31',
		link: 'https://links.example.test/qr/a1b2c3',
		date: '2024-04-02',
	},
];

export const pixelRecords = [
	{
		id: 61,
		type: 'tagmgrpixel',
		name: 'Main site tags',
		tag: 'GTM-ABC123',
		date: '2024-01-10 09:00:00',
	},
	{
		id: 62,
		type: 'analyticspixel',
		name: 'Analytics',
		tag: 'G-XYZ987',
		date: '2024-01-11 09:00:00',
	},
];

export const ctaRecords = [
	{ id: 71, type: 'message', name: 'Sign up banner', date: '2024-06-01 14:00:00' },
	{ id: 72, type: 'contact', name: 'Contact form', date: '2024-06-02 14:00:00' },
];

export const domainRecords = [
	{
		id: 81,
		domain: 'https://go.example.com',
		redirectroot: 'https://example.com',
		redirect404: 'https://example.com/404',
	},
	{ id: 82, domain: 'http://l.example.org', redirectroot: '', redirect404: '' },
];

/** The 13 pixel types: the node's one list, which its own test checks against the reference. */
export { PIXEL_TYPE_VALUES } from '../../nodes/LinkManagement/resources/pixel/pixelTypes';

/** A short link as GET /api/urls lists it (real installations; the reference shows none). */
const linkRecord = (id: number, alias: string, longurl: string, clicks: number, title: string) => ({
	id,
	alias,
	shorturl: `https://go.example.com/${alias}`,
	longurl,
	clicks,
	title,
	description: clicks ? 'Newsletter, June' : '',
	date: `2024-06-0${id - 90} 09:00:00`,
});

export const linkRecords = [
	linkRecord(
		91,
		'summer-sale',
		'https://example.com/shop/summer?utm_source=mail',
		42,
		'Summer sale',
	),
	linkRecord(92, 'menu', 'https://example.com/menu', 0, 'Menu'),
];

/** Base URLs the node refuses: not an http(s) address, or one with a query or a #fragment. */
export const REFUSED_BASE_URLS = [
	'ftp://h.test',
	'h.test',
	'',
	'https://h.test?x=1',
	'https://h.test/#top',
];

/** A link's click statistics, as GET /api/url/:id sends them under `data`. */
export const linkStatistics = {
	clicks: 42,
	uniqueClicks: 30,
	topCountries: { Canada: 20 },
	topReferrers: { 'mail.example.com': 12 },
	topBrowsers: { Firefox: 22 },
	topOs: { Linux: 9 },
	socialCount: { socialnet_a: 1, socialnet_b: 0, socialnet_c: 0 },
};

/** Users of an installation as its administrators' routes list them, each with its own API key. */
export const userRecords = [
	{
		id: 1,
		email: 'owner@example.com',
		username: 'owner',
		avatar: 'https://links.example.test/content/avatar/owner.png',
		status: 'pro',
		planid: 3,
		expires: '2030-12-31 23:59:59',
		registered: '2023-03-14 09:26:53',
		apikey: 'owner-own-key-7f3a9c1e5b',
	},
	{
		id: 7,
		email: 'jane@example.com',
		username: 'jane_doe',
		avatar: 'https://links.example.test/content/avatar/jane_doe.png',
		status: 'free',
		planid: null,
		expires: null,
		registered: '2025-02-01 10:00:00',
		apikey: 'jane-own-key-4d2b8e6a0c',
	},
	{
		id: 9,
		email: 'max@example.com',
		username: 'max_power',
		avatar: 'https://links.example.test/content/avatar/max_power.png',
		status: 'pro',
		planid: 2,
		expires: '2026-05-31 00:00:00',
		registered: '2025-03-09 18:45:12',
		apikey: 'max-own-key-9e1c3a5f7b',
	},
];

/** A user record as the node outputs it by default: without the user's own API key. */
export const withoutApiKey = ({ apikey: _secret, ...shown }: (typeof userRecords)[number]) => shown;

/** Plans as the service lists them: IDs and prices may come as text. */
export const planRecords = [
	{
		id: '1',
		name: 'Free',
		free: true,
		prices: { monthly: '0', yearly: '0', lifetime: '0' },
		limits: { links: 20, clicks: 1000, retention: 30, custom: false },
	},
	{
		id: '2',
		name: 'Starter',
		free: false,
		prices: { monthly: '9.99', yearly: '99.00', lifetime: '249.00' },
		limits: { links: 500, clicks: 100000, retention: 365, custom: true },
	},
];

/** The answer of a list without pages (users, plans): every record at once under `data`. */
export const wholeListAnswer = (records: IDataObject[]) => ({ error: 0, data: records });

/** The service's refusal of a key that is not an administrator's (HTTP 403). */
export const NOT_ADMINISTRATOR_ANSWER = {
	error: 1,
	message: 'You do not have permission to access this endpoint.',
};

/** The service's refusal of a key without the scope of a route (HTTP 200, `error` true). */
export const NO_SCOPE_ANSWER = {
	error: true,
	message: 'You do not have access to this endpoint with this API key.',
};
