// Get Statistics on Link and QR Code (test/e2e/workflows/statistics.json): the seeded statistics
// come out as rows, one per label, counts as numbers, with their share of the dimension.
import assert from 'node:assert/strict';

import { requests } from './sandbox-state.mjs';

export const STATISTICS_CASES = [
	{
		name: 'statistics: link getStatistics (every dimension), qrCode getStatistics (countries, social)',
		file: 'test/e2e/workflows/statistics.json',
		check(ctx) {
			const shorturl = ctx.sandbox.store.links.get(1).shorturl;
			const linkRow = (dimension, label, count, share) => ({
				linkId: 1,
				shorturl,
				dimension,
				label,
				count,
				share,
			});
			// The seed's 34 clicks of link 1: 60 % from the United States, 70 % direct, half and half
			// Chrome on Windows and Safari on iOS; no social network.
			assert.deepEqual(ctx.out('Link statistics'), [
				linkRow('country', 'United States', 20, 20 / 34),
				linkRow('country', 'Canada', 14, 14 / 34),
				linkRow('referrer', 'Direct', 24, 24 / 34),
				linkRow('referrer', 'https://www.example.org', 10, 10 / 34),
				linkRow('browser', 'Chrome', 17, 0.5),
				linkRow('browser', 'Safari', 17, 0.5),
				linkRow('os', 'Windows', 17, 0.5),
				linkRow('os', 'iOS', 17, 0.5),
				linkRow('social', 'socialnet_a', 0, 0),
				linkRow('social', 'socialnet_b', 0, 0),
				linkRow('social', 'socialnet_c', 0, 0),
			]);

			const link = ctx.sandbox.store.qr.get(2).link;
			const qrRow = (dimension, label, count, share) => ({
				qrCodeId: 2,
				link,
				dimension,
				label,
				count,
				share,
			});
			// The seed's statistics of QR code 2; the dimensions come in their own order.
			assert.deepEqual(ctx.out('QR code statistics'), [
				qrRow('country', 'United States', 10, 10 / 14),
				qrRow('country', 'Germany', 4, 4 / 14),
				qrRow('social', 'socialnet_a', 2, 2 / 6),
				qrRow('social', 'socialnet_b', 4, 4 / 6),
				qrRow('social', 'socialnet_c', 0, 0),
			]);
			assert.deepEqual(
				[...requests(ctx, 'GET /api/url/:id'), ...requests(ctx, 'GET /api/qr/:id')].map(
					(entry) => entry.url,
				),
				['/api/url/1', '/api/qr/2'],
				'one request per record',
			);
		},
	},
];
