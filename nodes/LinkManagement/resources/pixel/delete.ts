import { deleteOperation, idParameter } from '../../shared/commonOperations';
import { pixelIdLocator } from '../../shared/recordPickers';

export const deletePixel = deleteOperation(
	'/pixel/:pixelId/delete',
	'pixel',
	pixelIdLocator,
	idParameter('Pixel ID'),
);
