/**
 * Why a request got no answer, read from what n8n's HTTP helper throws: n8n 2.x wraps the
 * network's error once, n8n 1.x may wrap it more often or pass on only its message.
 */
import { readFailure } from '../../../../nodes/LinkManagement/transport/failures';

describe('readFailure', () => {
	test('a self-signed certificate named only in words (n8n 1.x): certificate, never sent', () => {
		expect(readFailure(new Error('self-signed certificate'))).toMatchObject({
			reason: 'certificate',
			neverSent: true,
		});
	});

	test("a certificate's code two layers down", () => {
		const network = Object.assign(new Error('unable to verify'), {
			code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
		});
		const axios = Object.assign(new Error('request to the service'), { cause: network });
		const node = Object.assign(new Error('The connection cannot be established'), {
			cause: axios,
		});

		expect(readFailure(node).reason).toBe('certificate');
	});

	test("the network's own code counts before the wrapper's", () => {
		const network = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
		const wrapper = Object.assign(new Error('aborted'), { code: 'ECONNABORTED', cause: network });

		expect(readFailure(wrapper)).toMatchObject({ reason: 'refused', neverSent: true });
	});

	test('a reset connection may have reached the service', () => {
		const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

		expect(readFailure(reset)).toMatchObject({ reason: 'closedBefore', neverSent: false });
	});

	test('words it does not know stay unknown', () => {
		expect(readFailure(new Error('something odd')).reason).toBe('unknown');
	});
});
