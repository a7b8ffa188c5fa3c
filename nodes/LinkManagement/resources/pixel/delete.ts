import { pixelIdLocator } from '../../shared/descriptions';
import { deleteOperation } from '../../shared/commonOperations';

export const deletePixel = deleteOperation(
	'/pixel/:pixelId/delete',
	'pixel',
	pixelIdLocator,
	'Pixel ID',
);
