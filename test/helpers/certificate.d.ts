/** A self-signed certificate for 127.0.0.1: { key, cert } (PEM). */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer };
