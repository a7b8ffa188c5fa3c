import { deleteOperation, pixelIdLocator } from '../../shared/descriptions';

export const deletePixel = deleteOperation('/pixel/:pixelId/delete', 'pixel', pixelIdLocator);
