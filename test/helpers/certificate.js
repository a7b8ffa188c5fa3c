// A self-signed certificate made at run time with openssl, as an installation on an internal
// certificate has: for 127.0.0.1 and signed by nobody Node.js or n8n trusts. Plain CommonJS, so
// that both the Jest tests (through certificate.d.ts) and the e2e suite's .mjs files load it.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** A self-signed certificate for 127.0.0.1: { key, cert } (PEM). */
function selfSignedCertificate() {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-tls-'));
	const [key, cert] = ['key.pem', 'cert.pem'].map((name) => path.join(folder, name));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
				'-days',
				'1',
				'-keyout',
				key,
				'-out',
				cert,
			],
			{ stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 },
		);
		return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
	} finally {
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

module.exports = { selfSignedCertificate };
