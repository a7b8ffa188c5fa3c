// Lint as n8n's community package scanner does: the n8n-nodes-base community,
// credentials and nodes rule sets, plus @n8n/eslint-plugin-community-nodes (recommended).
import tsParser from '@typescript-eslint/parser';
import jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

const { community, credentials, nodes } = n8nNodesBase.configs;

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', '*.js', '*.mjs'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: credentials.rules,
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: nodes.rules,
	},
	{
		...communityNodes.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
	},
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
	},
];
