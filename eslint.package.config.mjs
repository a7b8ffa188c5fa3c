// The package's own lint (npm run lint: `eslint -c eslint.package.config.mjs`): the rule sets of
// n8n's community package scanner, @n8n/eslint-plugin-community-nodes (recommended) plus
// eslint-plugin-n8n-nodes-base's community, credentials and nodes rule sets with the scanner's
// own exceptions, taken from this package's eslint-plugin-n8n-nodes-base 2.x (n8n-node and the
// scanner bring 1.x). eslint.config.mjs stays n8n's default, as n8n's strict mode requires; it is
// what `n8n-node lint` runs (npm run lint:n8n).
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'examples/**', 'scripts/**', '*.js', '*.mjs'] },
	{ ...n8nCommunityNodesPlugin.configs.recommended, files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'] },
	{ files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'], rules: { 'no-console': 'error' } },
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// The scanner turns these off for community packages.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{ files: ['**/*.json', '**/*.ts'], languageOptions: { parser: tsParser } },
];
