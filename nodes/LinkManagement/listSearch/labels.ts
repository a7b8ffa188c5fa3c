import type { IDataObject } from 'n8n-workflow';

import { text } from '../shared/validation';

/** How the pickers and the choice lists name a record of each list. */

export const hasId = (record: IDataObject) =>
	record.id !== null && record.id !== undefined && record.id !== '';

const named = (value: unknown, fallback: string) => text(value) || fallback;

const MAX_SHOWN_URL = 60;
const shortened = (url: string) =>
	url.length > MAX_SHOWN_URL ? `${url.slice(0, MAX_SHOWN_URL - 1)}…` : url;

export const campaignLabel = (record: IDataObject) => named(record.name, 'Unnamed campaign');
export const qrCodeLabel = (record: IDataObject) => named(record.name, 'Unnamed QR code');
export const channelLabel = (record: IDataObject) => named(record.name, 'Unnamed channel');
export const pixelLabel = (record: IDataObject) =>
	`${named(record.name, 'Unnamed pixel')} · ${named(record.type, 'pixel')}`;
export const domainLabel = (record: IDataObject) => named(record.domain, 'Unnamed domain');
export const overlayLabel = (record: IDataObject) => named(record.name, 'Unnamed CTA overlay');
/** A link by its alias and where it leads: "summer-sale → https://example.com/summer". */
export const linkLabel = (record: IDataObject) =>
	`${named(record.alias, 'no alias')} → ${shortened(named(record.longurl, 'no destination'))}`;
/** A user by name and address (never by anything else the record holds): "jane_doe · jane@example.com". */
export const userLabel = (record: IDataObject) =>
	`${named(record.username, 'no username')} · ${named(record.email, 'no email')}`;
/** A plan by name, the free one said so: "Starter", "Free (free)". */
export const planLabel = (record: IDataObject) =>
	`${named(record.name, 'Unnamed plan')}${record.free === true || record.free === 1 || record.free === '1' ? ' (free)' : ''}`;
