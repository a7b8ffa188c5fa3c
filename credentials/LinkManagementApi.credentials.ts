import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

export class LinkManagementApi implements ICredentialType {
	name = 'linkManagementApi';

	displayName = 'Link Management API';

	icon: Icon = {
		light: 'file:../icons/linkManagement.svg',
		dark: 'file:../icons/linkManagement.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-link-management#credentials';

	// No `httpRequestNode`: the HTTP Request node offers this credential under "Predefined Credential
	// Type" because it has `authenticate` (n8n lists every credential type that has it), while
	// `httpRequestNode` would only add a second "Link Management" entry ("HTTP request") to the
	// node panel, next to the node of the same name (see the README, "Credentials").

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://links.example.com',
			description:
				'Address of the service, with or without a trailing /api. A sub-folder is kept: https://example.com/short sends requests to https://example.com/short/api/…',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"The key from your account settings on the service. A key limited to some scopes works for those resources only; users and plans need an administrator's key.",
		},
	];

	/**
	 * The Bearer header of every request. A function, not a generic object: n8n calls it directly,
	 * where it evaluates a generic object's `=` values in its expression sandbox for every request.
	 * It reads the credential it is given each time (n8n's read of this run), so a key changed in
	 * n8n is sent from the next run on.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// Sent trimmed: a key pasted with spaces around it still works.
		const authorization = `Bearer ${String(credentials.apiKey).trim()}`;
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: authorization },
		};
	}

	// Same normalisation as the node's base URL (see nodes/LinkManagement/transport/baseUrl.ts):
	// drop trailing slashes and a trailing /api, then append /api. A Base URL the node refuses
	// (not http(s), with a user name or password, a query or #fragment) gives no address, so the
	// test fails too.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ /^https?:\\/\\/[^\\/?#@\\s]+(\\/[^?#]*)?$/i.test(String($credentials.baseUrl).trim()) ? String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api$/i, "") + "/api" : "" }}',
			url: '/account',
			method: 'GET',
			headers: { Accept: 'application/json' },
			json: true,
			// A redirect could carry the key to another host: the test does not follow one.
			disableFollowRedirect: true,
		},
		// n8n compares with ===. A refused key is answered `error` 1 or "1" (HTTP 200), or an HTTP
		// error status. A valid key without the `account` scope is answered `error` true, the
		// boolean: it matches no rule, so such a key passes the test, as a valid key should.
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error',
					value: 1,
					message: 'The service answered with an error: the API key is missing, wrong or expired.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error',
					value: '1',
					message: 'The service answered with an error: the API key is missing, wrong or expired.',
				},
			},
		],
	};
}
