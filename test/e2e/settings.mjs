// What the e2e suite runs with: its E2E_* and N8N_E2E_* variables (see README.md), the two
// credentials it imports into every n8n, and where its logs and pictures go.
import path from 'node:path';

import { REPO } from './lib/sandbox.mjs';

export const ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'e2e');
export const BROWSER_ARTIFACTS = path.join(REPO, 'test', 'artifacts', 'browser');
export const MAJORS_ARG = (process.env.N8N_E2E_MAJOR || 'both').trim();
export const MAJORS = MAJORS_ARG === 'both' ? [2, 1] : MAJORS_ARG.split(',').map(Number);
export const BROWSER = process.env.E2E_BROWSER !== '0';
export const ONLY = process.env.E2E_ONLY;
export const KEEP = process.env.E2E_KEEP === '1';
export const SUITE_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS || 60 * 60_000);

// Named as in the example files, so that importing them through the editor finds it by name.
export const CREDENTIAL = { id: 'lmE2eSandboxCred', name: 'Link Management account' };
/** For the cases marked `profile: 'family'`: the sandbox that answers as real installations do. */
export const FAMILY_CREDENTIAL = { id: 'lmE2eFamilyCred', name: 'Link Management family' };

/** The README's pictures, written when missing or with E2E_UPDATE_README_IMAGE=1. */
export const README_IMAGE = path.join(REPO, 'docs', 'images', 'node-in-editor.png');
export const PICKER_IMAGE = path.join(REPO, 'docs', 'images', 'id-picker.png');
export const TRIGGER_IMAGE = path.join(REPO, 'docs', 'images', 'trigger-in-editor.png');
export const WEBHOOK_TRIGGER_IMAGE = path.join(
	REPO,
	'docs',
	'images',
	'webhook-trigger-in-editor.png',
);
export const LINK_CREATE_IMAGE = path.join(REPO, 'docs', 'images', 'link-create.png');
export const QR_IMAGE_OUTPUT_IMAGE = path.join(REPO, 'docs', 'images', 'qr-image-output.png');
export const UPDATE_README_IMAGE = process.env.E2E_UPDATE_README_IMAGE === '1';
