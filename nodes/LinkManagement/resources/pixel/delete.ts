import { pixelIdLocator } from '../../shared/descriptions';
import { deleteOperation, idParameter } from '../../shared/commonOperations';

export const deletePixel = deleteOperation(
	'/pixel/:pixelId/delete',
	'pixel',
	pixelIdLocator,
	idParameter('Pixel ID'),
);
